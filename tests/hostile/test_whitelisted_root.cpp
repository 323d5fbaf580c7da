// The program's root is built, not covered: a program that walks / and tries to open
// everything finds only its box and the whitelisted system files; the repository (with its
// testdata/), the machine's other directories and its secrets are not there at all.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hostile_table.hpp"
#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;

namespace {

// The JDK's configuration folders, /etc/java-N-openjdk and below, bound read-only for Java programs.
bool jdk_config(const std::string& path) {
    const std::string prefix = "/etc/java-", suffix = "-openjdk";
    if (path.rfind(prefix, 0) != 0) return false;
    const std::size_t end = path.find('/', prefix.size());
    const std::string folder = path.substr(0, end);
    return folder.size() > prefix.size() + suffix.size() &&
           folder.compare(folder.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Where a path the walker reached may lie: the box, the system files, /etc's few files and the
// JDK's, the five devices (and the links to /proc/self/fd), a fresh /proc, an empty /tmp.
bool whitelisted(const std::string& path) {
    static const std::vector<std::string> exact = {"/",
                                                   "/etc",
                                                   "/dev",
                                                   "/proc",
                                                   "/tmp",
                                                   "/usr",
                                                   "/bin",
                                                   "/sbin",
                                                   "/lib",
                                                   "/lib32",
                                                   "/lib64",
                                                   "/libx32",
                                                   "/etc/passwd",
                                                   "/etc/group",
                                                   "/etc/ld.so.cache",
                                                   "/etc/alternatives"};
    static const std::vector<std::string> below = {"/box",    "/etc/alternatives/", "/lib/", "/lib32/",
                                                   "/lib64/", "/libx32/",           "/bin/"};
    static const std::vector<std::string> devices = {"null", "zero",  "full",   "random", "urandom",
                                                     "fd",   "stdin", "stdout", "stderr"};
    for (const auto& e : exact)
        if (path == e) return true;
    for (const auto& b : below)
        if (path.rfind(b, 0) == 0) return true;
    for (const auto& d : devices)
        if (path == "/dev/" + d) return true;
    return jdk_config(path);
}

}  // namespace

TEST_CASE("whitelisted root: a program walking / finds only its box and the system files") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces need root here");
    fs::path dir = fs::path(SUDOKU_BINARY_DIR) / "hostile-tests" / ("walk-root-" + std::to_string(getpid()));
    fs::remove_all(dir);
    auto compiled = sudoku::judge::compile_source(hostile::programs_dir() / "walk_root.c", dir / "build", "prog",
                                                  sudoku::judge::CompileSettings{});
    INFO(compiled.message);
    REQUIRE(compiled.ok);
    fs::path box = dir / "box";
    fs::create_directories(box);
    fs::copy_file(compiled.binary, box / "prog");
    std::ofstream(box / "sudoku.in") << "2800 29\n";

    sudoku::judge::RunRequest r;
    r.argv = {"./prog"};
    r.work_dir = box;
    r.stdout_file = dir / "walk.txt";
    r.limits.cpu_s = 5;
    r.limits.output_kib = 8192;
    auto record = sudoku::judge::run_sandboxed(r);
    REQUIRE(record.error.empty());
    REQUIRE(record.exit_code == 0);

    std::ifstream walk(dir / "walk.txt");
    std::vector<std::string> outside;
    bool saw_input = false, saw_usr = false;
    for (std::string line; std::getline(walk, line);) {
        if (line.size() < 3 || line[0] == '-') continue;  // neither readable nor listable
        std::string path = line.substr(2);
        saw_input = saw_input || path == "/box/sudoku.in";
        saw_usr = saw_usr || (line[0] == 'D' && path == "/usr");
        if (!whitelisted(path)) outside.push_back(line);
        CHECK(path.find("testdata") == std::string::npos);
    }
    CHECK(saw_input);  // the walk did reach the box
    CHECK(saw_usr);
    std::ostringstream list;
    for (size_t i = 0; i < outside.size() && i < 40; ++i) list << outside[i] << "\n";
    INFO("outside the whitelist (" << outside.size() << "):\n" << list.str());
    CHECK(outside.empty());
}
