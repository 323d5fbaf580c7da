// bench_report: report.html at contest size. Fabricated results (tests/support/synthetic_results.hpp,
// nothing graded) of N contestants x 3 problems x 16 tests are rendered through the judge library;
// then headless Chromium opens the page and reads back the moment its script was done
// (<html data-ready-ms>, performance.now() since navigation start: parsing the page, its data and
// drawing the grids included).
//
//   goal at 300 contestants: report.html under 2 MB, interactive under 1 s; 3,000 still opens.
//
//   bench_report [--loads N] [--out DIR] [CONTESTANTS...]      default: 300 3000, 3 loads each
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

#include "sudoku/judge/output/report.hpp"
#include "support/synthetic_results.hpp"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

bool chromium_found() { return std::system("command -v chromium >/dev/null 2>&1") == 0; }

// The page's own ready time (ms) in a fresh headless Chromium, and the whole process's wall time.
std::pair<double, double> load_once(const fs::path& page) {
    char profile[] = "/tmp/bench-report-chromium-XXXXXX";
    if (mkdtemp(profile) == nullptr) return {-1, -1};
    const std::string command =
        "chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
        "--disable-component-update --disable-sync --disable-dev-shm-usage --user-data-dir=" +
        std::string(profile) + " --dump-dom 'file://" + fs::absolute(page).string() + "' 2>/dev/null";
    const auto start = Clock::now();
    std::string dom;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[65536];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) dom.append(buf, n);
        pclose(p);
    }
    const double wall = seconds_since(start);
    fs::remove_all(profile);
    std::smatch m;
    const std::string head = dom.substr(0, 4096);
    if (!std::regex_search(head, m, std::regex(R"re(data-ready-ms="([0-9.]+)")re"))) return {-1, wall};
    return {std::stod(m[1]), wall};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes;
    int loads = 3;
    fs::path out = "bench-report";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help") {
            std::cout << "bench_report [--loads N] [--out DIR] [CONTESTANTS...]\n"
                         "  report.html of N fabricated contestants x 3 problems x 16 tests: its size, the time\n"
                         "  to write it, and the page's ready time in headless Chromium (median of N loads).\n"
                         "example: bench_report --loads 5 300 3000\n";
            return 0;
        }
        if (a == "--loads" && i + 1 < argc)
            loads = std::max(1, std::atoi(argv[++i]));
        else if (a == "--out" && i + 1 < argc)
            out = argv[++i];
        else if (std::atoi(a.c_str()) > 0)
            sizes.push_back(std::atoi(a.c_str()));
        else {
            std::cerr << "bench_report: unknown argument '" << a << "' (--help)\n";
            return 2;
        }
    }
    if (sizes.empty()) sizes = {300, 3000};
    const bool browser = chromium_found();
    std::printf("%-12s %6s %12s %12s %10s %14s %14s %12s\n", "contestants", "runs", "html_bytes", "json_bytes",
                "write_s", "ready_ms(med)", "chromium_s", "ready/goal");
    for (int n : sizes) {
        const auto results = sudoku::testing::synthetic_results(n);
        const fs::path dir = out / std::to_string(n);
        fs::create_directories(dir);
        const auto start = Clock::now();
        const auto files = sudoku::judge::write_reports(results, dir);
        const double write_s = seconds_since(start);
        std::vector<double> ready, wall;
        for (int i = 0; browser && i < loads; ++i) {
            auto [r, w] = load_once(files.html);
            if (r >= 0) ready.push_back(r);
            wall.push_back(w);
        }
        std::printf("%-12d %6d %12ju %12ju %10.3f %14.1f %14.2f %12.2f\n", n, n * 48,
                    static_cast<std::uintmax_t>(fs::file_size(files.html)),
                    static_cast<std::uintmax_t>(fs::file_size(files.json)), write_s, median(ready), median(wall),
                    median(ready) / 1000.0);
    }
    if (!browser) std::printf("(no chromium on PATH: ready times not measured)\n");
    return 0;
}
