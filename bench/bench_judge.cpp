// bench_judge: what the sandbox costs and how honestly it measures, side by side with a bare
// fork/exec/wait of the same programs in the same process.
//
//   1. overhead per run of a trivial program: sandbox (all protections, and with each switched off)
//      vs bare fork/exec/wait                                               goal <= 2 ms
//   2. a 0.5 s CPU spinner: measured CPU vs the spinner's own clock()       goal within 20 ms
//   3. while(1) under a 1 s limit: wall time until it is stopped            goal <= 1.2 s
//   4. runs per second with 1 and 2 jobs (threads, each pinned to a core)
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>
#include <vector>

#include "sudoku/compile.hpp"
#include "sudoku/sandbox.hpp"

namespace fs = std::filesystem;
using namespace sudoku::judge;
using Clock = std::chrono::steady_clock;

namespace {

const char* kTrivial = "int main(void) { return 0; }\n";
// Spins until its own CPU clock reaches argv[1] seconds, then prints what it measured.
const char* kSpinner = R"(#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char** argv) {
    double want = argc > 1 ? atof(argv[1]) : 0.5;
    struct timespec t;
    volatile unsigned long x = 0;
    do { for (int i = 0; i < 10000; ++i) ++x; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); }
    while (t.tv_sec + t.tv_nsec * 1e-9 < want);
    printf("%.6f\n", t.tv_sec + t.tv_nsec * 1e-9);
    return 0;
}
)";
const char* kForever = "int main(void) { volatile unsigned long x = 0; for (;;) ++x; }\n";

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

fs::path build(const fs::path& dir, const std::string& name, const char* source) {
    fs::create_directories(dir);
    std::ofstream(dir / (name + ".c")) << source;
    auto r = compile_source(dir / (name + ".c"), dir / ("build-" + name), name, CompileSettings{});
    if (!r.ok) {
        std::cerr << "bench_judge: cannot compile " << name << ": " << r.message << "\n";
        std::exit(1);
    }
    return r.binary;
}

void bare_run(const fs::path& program) {
    pid_t pid = fork();
    if (pid == 0) {
        execl(program.c_str(), program.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
}

RunRequest request(const fs::path& box, const fs::path& program, std::vector<std::string> args = {}) {
    fs::create_directories(box);
    fs::copy_file(program, box / "prog", fs::copy_options::overwrite_existing);
    RunRequest r;
    r.argv = {"./prog"};
    r.argv.insert(r.argv.end(), args.begin(), args.end());
    r.work_dir = box;
    r.limits.cpu_s = 2;
    r.limits.memory_mib = 64;
    return r;
}

double per_run_ms(int runs, const std::function<void()>& run) {
    auto t = Clock::now();
    for (int i = 0; i < runs; ++i) run();
    return seconds_since(t) * 1000 / runs;
}

}  // namespace

int main() {
    fs::path dir = fs::temp_directory_path() / ("bench_judge-" + std::to_string(getpid()));
    fs::path trivial = build(dir, "trivial", kTrivial), spinner = build(dir, "spinner", kSpinner),
             forever = build(dir, "forever", kForever);
    std::cout << "sandbox: " << probe_protections(dir / "probe").describe() << "\n\n";

    // 1. Overhead.
    const int runs = 60;
    RunRequest r = request(dir / "box", trivial);
    run_sandboxed(r);  // warm-up
    double bare = per_run_ms(runs, [&] { bare_run(trivial); });
    double full = per_run_ms(runs, [&] { run_sandboxed(r); });
    SandboxSession session;
    session.run(r);  // warm-up: starts the runner, joins its cgroups once
    double served = per_run_ms(runs, [&] { session.run(r); });
    RunRequest no_ns = r, no_cg = r, none = r;
    no_ns.namespaces = false;
    no_cg.cgroups = false;
    none.namespaces = none.cgroups = false;
    double without_ns = per_run_ms(runs, [&] { run_sandboxed(no_ns); });
    double without_cg = per_run_ms(runs, [&] { run_sandboxed(no_cg); });
    double without_both = per_run_ms(runs, [&] { run_sandboxed(none); });
    std::printf("1. trivial program, %d runs each (ms per run)\n", runs);
    std::printf("   bare fork/exec/wait           %7.2f\n", bare);
    std::printf("   session (as grading runs)     %7.2f   overhead %6.2f ms  (goal <= 2)  ratio %.1fx\n", served,
                served - bare, served / bare);
    std::printf("   one-shot runner, all on       %7.2f   overhead %6.2f ms  ratio %.1fx\n", full, full - bare,
                full / bare);
    std::printf("   sandbox, no namespaces        %7.2f   overhead %6.2f ms\n", without_ns, without_ns - bare);
    std::printf("   sandbox, no cgroups           %7.2f   overhead %6.2f ms\n", without_cg, without_cg - bare);
    std::printf("   sandbox, neither (rlimits)    %7.2f   overhead %6.2f ms\n\n", without_both, without_both - bare);

    // 2. Accuracy on a 0.5 s CPU spinner: the sandbox's figure vs the spinner's own clock.
    std::printf("2. 0.5 s CPU spinner: sandbox-measured CPU vs the program's own CLOCK_PROCESS_CPUTIME_ID\n");
    double worst = 0;
    for (int i = 0; i < 5; ++i) {
        RunRequest s = request(dir / "spin", spinner, {"0.5"});
        s.stdout_file = dir / "spin.out";
        RunRecord rec = session.run(s);
        double own = std::stod(std::ifstream(dir / "spin.out") ? [&] {
            std::string x;
            std::ifstream(dir / "spin.out") >> x;
            return x;
        }() : "0");
        worst = std::max(worst, std::abs(rec.cpu_s - own));
        std::printf("   run %d: sandbox %.3f s, program %.3f s, difference %+.1f ms, wall %.3f s\n", i + 1, rec.cpu_s,
                    own, (rec.cpu_s - own) * 1000, rec.wall_s);
    }
    std::printf("   worst difference %.1f ms (goal <= 20)\n\n", worst * 1000);

    // 3. while(1) under a 1 s limit.
    RunRequest f = request(dir / "forever", forever);
    f.limits.cpu_s = 1;
    f.limits.wall_s = 3;
    auto t = Clock::now();
    RunRecord rec = session.run(f);
    double stopped = seconds_since(t);
    std::printf("3. while(1) under 1 s: stopped after %.3f s of wall (goal <= 1.2), CPU %.3f s, killed_by %s\n\n",
                stopped, rec.cpu_s, std::string(to_string(rec.killed_by)).c_str());

    // 4. Throughput.
    std::printf("4. runs per second of the trivial program\n");
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    for (int jobs : {1, 2}) {
        const int total = 120;
        std::atomic<int> next{0};
        auto start = Clock::now();
        std::vector<std::thread> threads;
        for (int j = 0; j < jobs; ++j)
            threads.emplace_back([&, j] {
                RunRequest q = request(dir / ("slot" + std::to_string(j)), trivial);
                q.core = static_cast<int>(j % cores);
                SandboxSession slot_session;
                while (next++ < total) slot_session.run(q);
            });
        for (auto& th : threads) th.join();
        double s = seconds_since(start);
        std::printf("   %d job(s): %.0f runs/s (bare fork/exec/wait: %.0f runs/s on one core)\n", jobs, total / s,
                    1000 / bare);
    }
    fs::remove_all(dir);
    return 0;
}
