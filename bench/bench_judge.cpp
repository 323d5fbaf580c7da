// bench_judge: what the sandbox costs and how honestly it measures, side by side with a bare
// fork/exec/wait of the same programs in the same process.
//
//   1. a trivial program per run: sandbox (all protections, and with each switched off) vs bare
//      fork/exec/wait; a session's run over the bare run, alternated  goal ratio <= 1.5x
//   2. a 0.5 s CPU spinner: measured CPU vs the spinner's own clock()       goal within 20 ms
//   3. while(1) under a 1 s limit: wall time until it is stopped            goal <= 1.2 s
//   4. runs per second with 1 and 2 jobs (threads, each pinned to a core, each session started
//      before the clock), alternated; 2 jobs over 1 job                     goal ratio >= 1.6x
//
// The machine is shared: each ratio is taken from rounds that alternate its two sides, and the
// median of the rounds is printed, so that load which comes and goes falls on both sides alike.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>
#include <vector>

#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

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

int first_core(const cpu_set_t& set) {
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) return c;
    return 0;
}

void pin_to(int core) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(core, &one);
    sched_setaffinity(0, sizeof one, &one);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Runs per second of `total` trivial runs shared by `jobs` threads, each with its own session on
// its own core; the sessions are started (and warmed by one run) before the clock, as a judge
// starts its slots once per contest.
double runs_per_second(const fs::path& dir, const fs::path& trivial, int jobs, int total) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    std::vector<SandboxSession> sessions(jobs);
    std::vector<RunRequest> requests;
    for (int j = 0; j < jobs; ++j) {
        requests.push_back(request(dir / ("slot" + std::to_string(j)), trivial));
        requests.back().core = static_cast<int>(j % cores);
        sessions[j].run(requests.back());
    }
    std::atomic<int> next{0};
    auto start = Clock::now();
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j)
        threads.emplace_back([&, j] {
            while (next++ < total) sessions[j].run(requests[j]);
        });
    for (auto& th : threads) th.join();
    return total / seconds_since(start);
}

}  // namespace

int main() {
    fs::path dir = fs::temp_directory_path() / ("bench_judge-" + std::to_string(getpid()));
    fs::path trivial = build(dir, "trivial", kTrivial), spinner = build(dir, "spinner", kSpinner),
             forever = build(dir, "forever", kForever);
    std::cout << "sandbox: " << probe_protections(dir / "probe").describe() << "\n\n";

    // 1. Overhead: the bare run and the session's run alternated in rounds, the ratio per round.
    // Both on one core, as a grading slot is: unpinned, the hops between the runner, init and the
    // program wait behind other work on the other core, which doubled a session's run here.
    const int runs = 60, rounds = 7;
    cpu_set_t all;
    sched_getaffinity(0, sizeof all, &all);
    const int core = first_core(all);
    pin_to(core);
    RunRequest r = request(dir / "box", trivial);
    r.core = core;
    run_sandboxed(r);  // warm-up
    SandboxSession session;
    session.run(r);  // warm-up: starts the runner, joins its cgroups once
    std::vector<double> bare_ms, served_ms, served_ratio;
    for (int round = 0; round < rounds; ++round) {
        bare_ms.push_back(per_run_ms(runs / 2, [&] { bare_run(trivial); }));
        served_ms.push_back(per_run_ms(runs / 2, [&] { session.run(r); }));
        served_ratio.push_back(served_ms.back() / bare_ms.back());
    }
    const double bare = median(bare_ms), served = median(served_ms), ratio = median(served_ratio);
    double full = per_run_ms(runs, [&] { run_sandboxed(r); });
    RunRequest no_ns = r, no_cg = r, none = r;
    no_ns.namespaces = false;
    no_cg.cgroups = false;
    none.namespaces = none.cgroups = false;
    double without_ns = per_run_ms(runs, [&] { run_sandboxed(no_ns); });
    double without_cg = per_run_ms(runs, [&] { run_sandboxed(no_cg); });
    double without_both = per_run_ms(runs, [&] { run_sandboxed(none); });
    std::printf("1. trivial program (ms per run; bare and session: median of %d alternated rounds of %d)\n", rounds,
                runs / 2);
    std::printf("   bare fork/exec/wait           %7.2f\n", bare);
    std::printf("   session (as grading runs)     %7.2f   overhead %6.2f ms\n", served, served - bare);
    std::printf("   one-shot runner, all on       %7.2f   overhead %6.2f ms  ratio %.1fx\n", full, full - bare,
                full / bare);
    std::printf("   sandbox, no namespaces        %7.2f   overhead %6.2f ms\n", without_ns, without_ns - bare);
    std::printf("   sandbox, no cgroups           %7.2f   overhead %6.2f ms\n", without_cg, without_cg - bare);
    std::printf("   sandbox, neither (rlimits)    %7.2f   overhead %6.2f ms\n", without_both, without_both - bare);
    sched_setaffinity(0, sizeof all, &all);
    std::printf("   RATIO session / bare run      %7.2fx  (goal <= 1.5x; rounds %.2f..%.2f; both on core %d)\n\n",
                ratio, *std::min_element(served_ratio.begin(), served_ratio.end()),
                *std::max_element(served_ratio.begin(), served_ratio.end()), core);

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

    // 4. Throughput: 1 job and 2 jobs alternated in rounds, the ratio per round.
    const int total = 120;
    std::vector<double> one, two, speedup;
    for (int round = 0; round < 5; ++round) {
        one.push_back(runs_per_second(dir, trivial, 1, total));
        two.push_back(runs_per_second(dir, trivial, 2, total));
        speedup.push_back(two.back() / one.back());
    }
    std::printf("4. runs per second of the trivial program (median of %zu alternated rounds of %d runs)\n", one.size(),
                total);
    std::printf("   1 job:  %.0f runs/s (bare fork/exec/wait: %.0f runs/s on one core)\n", median(one), 1000 / bare);
    std::printf("   2 jobs: %.0f runs/s\n", median(two));
    std::printf("   RATIO 2 jobs / 1 job          %7.2fx  (goal >= 1.6x; rounds %.2f..%.2f)\n", median(speedup),
                *std::min_element(speedup.begin(), speedup.end()), *std::max_element(speedup.begin(), speedup.end()));
    fs::remove_all(dir);
    return 0;
}
