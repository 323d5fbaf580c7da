// One run from the runner's side (see watch.hpp).
#include "watch.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "child.hpp"
#include "cpu_wait.hpp"
#include "files.hpp"
#include "new_root.hpp"
#include "record.hpp"
#include "slot_network.hpp"
#include "static_size.hpp"
#include "sudoku/common/exit_status.hpp"
#include "syscall_filter.hpp"

namespace sudoku_sandbox {

namespace {

using sudoku::judge::CgroupsState;
using sudoku::judge::CpuClock;
using sudoku::judge::KilledBy;
using sudoku::judge::NamespacesState;

volatile sig_atomic_t g_interrupted = 0;

void note_interrupt(int) { g_interrupted = 1; }

// The box may grow by a few output limits beyond what the judge put in it (input, program). Its
// size is polled: the page cache takes files as fast as memory, and a program writing 60 KiB files
// put 25 MB in the box within 7 ms on a busy machine (the hostile test allows 16 MiB); a poll
// every millisecond bounds that at a few MB.
constexpr int kPollMs = 1;
constexpr long kWaitPollEvery = 10;

// How close to the memory hard limit the polled memory a run held must come to count as the limit
// hit: the kernel holds a run at the limit a little below it.
constexpr long long kHardLimitReach = 2LL << 20;

// Fail closed: a run asked to be pinned is pinned or is not run (record `error` names the call).
bool pin_to(const Options& o, std::string& error) {
    if (o.core < 0) return true;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (o.core < CPU_SETSIZE) CPU_SET(o.core, &set);
    if (step_fails(o, "pin") || sched_setaffinity(0, sizeof set, &set) != 0) {
        error = "sched_setaffinity(core " + std::to_string(o.core) + "): " + std::strerror(errno);
        return false;
    }
    return true;
}

double self_cpu(CpuClock clock) {
    rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return cpu_seconds_of(ru, clock);
}

// Disk used by the work directory: allocated blocks, symbolic links not followed. RLIMIT_FSIZE caps
// one file; this caps them all, so many files below the limit cannot fill the host's disk. Counting
// stops at `cap` bytes or 100,000 entries (a file-count bomb is over the cap by itself).
long long box_bytes(const std::string& dir, long long cap, int depth = 0) {
    int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return 0;
    DIR* d = fdopendir(fd);
    if (!d) {
        close(fd);
        return 0;
    }
    long long total = 0, entries = 0;
    while (dirent* e = readdir(d)) {
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        total += static_cast<long long>(st.st_blocks) * 512 + 4096;  // an inode costs too
        if (S_ISDIR(st.st_mode) && depth < 16) total += box_bytes(dir + "/" + e->d_name, cap - total, depth + 1);
        if (total > cap || ++entries > 100000) {
            total = cap + 1;
            break;
        }
    }
    closedir(d);
    return total;
}

void kill_tree(pid_t init, const Cgroups& cg, bool in_namespace) {
    kill(init, SIGKILL);
    if (cg.kill_file) kill_groups(cg);  // cgroup v2's cgroup.kill: every process of the run at once
    if (!in_namespace) {                // init leads the process group the program (and what it forked) is in
        kill(-init, SIGKILL);
        for (int round = 0; round < 3; ++round) kill_groups(cg);
    }
}

// Without a pid namespace a process that left init's process group (setsid) and, without cgroups,
// every list the runner kills by, would outlive its run: under the same uid as every later program,
// it could kill them or hold the uid's process count with zombies. The runner is the subreaper of
// its runs, so every orphan of a run comes to it (it has no other children): it kills and reaps
// them until none is left, before it answers. False when one would not end.
bool end_leftovers() {
    for (int round = 0; round < 2000; ++round) {
        int status;
        pid_t reaped;
        while ((reaped = waitpid(-1, &status, WNOHANG)) > 0) {}
        if (reaped < 0 && errno == ECHILD) return true;
        std::istringstream children(read_small("/proc/self/task/" + std::to_string(getpid()) + "/children"));
        for (pid_t child; children >> child;) kill(child, SIGKILL);
        usleep(1000);
    }
    return false;
}

// The groups' counters at the start of a run: a resident group holds the runner too, and what the
// runner spent is taken off the run's.
struct Baselines {
    long long memory = 0, oom_kills = 0;
    double group_cpu = 0, self_cpu = 0;
    CpuClock clock = CpuClock::user_and_system;  // what the run's CPU counts
};

Baselines take_baselines(const Cgroups& cg, const Options& o) {
    Baselines b;
    b.clock = o.cpu_clock;
    b.self_cpu = self_cpu(b.clock);
    if (!cg.resident) return b;
    prepare_resident(cg, o);
    b.memory = std::max(0LL, cgroup_memory_held(cg));  // what the runner itself holds
    b.oom_kills = v1_oom_kills(cg);
    b.group_cpu = cgroup_cpu(cg, b.clock);
    return b;
}

// CPU of the run: the group's, less what the (resident) runner spent polling.
double run_cpu(const Cgroups& cg, const Baselines& b) {
    return cg.resident ? cgroup_cpu(cg, b.clock) - b.group_cpu - (self_cpu(b.clock) - b.self_cpu)
                       : cgroup_cpu(cg, b.clock);
}

double tree_cpu_of(const TreeUsage& u, CpuClock clock) { return clock == CpuClock::user ? u.user_cpu_s : u.cpu_s; }

// What the watch loop saw.
struct Watched {
    ProgramEnd end;
    bool ended = false;   // init reported the program's end
    double tree_cpu = 0;  // without cgroups: the tree polled from /proc
    long long tree_peak = 0;
    long long group_peak = 0;  // the memory the group held (cgroup_memory_held), polled
    double waited = 0;         // the run's wait for a CPU (cpu_wait.hpp), as last polled
};

// Polls the limits until init reports the program's end, a hard limit is hit or a stop signal
// comes; what stopped it goes into `r`.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): one caller, the run's facts in order
Watched watch(const Options& o, const Cgroups& cg, const Baselines& b, pid_t init, int end_fd, double start,
              Record& r) {
    const long long box_cap = box_bytes(o.dir, 1LL << 40) + 4 * (o.fsize_kib + 1) * 1024 + (1 << 20);
    // No cgroup to count the tree: poll /proc from init down (tree_usage.hpp; init is pid 1 of a pid
    // namespace or a child subreaper, so orphans stay below it).
    const bool tree_polled = cg.version == CgroupsState::off;
    Watched w;
    TreeWait waits(start);
    long polls = 0;
    for (;;) {
        pollfd p{end_fd, POLLIN, 0};
        if (poll(&p, 1, kPollMs) > 0) {
            w.ended = read(end_fd, &w.end, sizeof w.end) == static_cast<ssize_t>(sizeof w.end);
            if (w.ended && tree_polled) {
                w.tree_cpu = std::max(w.tree_cpu, tree_cpu_of(w.end.tree, o.cpu_clock));
                w.tree_peak = std::max(w.tree_peak, w.end.tree.rss_bytes);
            }
            return w;
        }
        if (g_interrupted) {
            r.error = "interrupted: the runner got a stop signal";
            return w;
        }
        if (cg.version != CgroupsState::off) w.group_peak = std::max(w.group_peak, cgroup_memory_held(cg));
        if (tree_polled) {
            auto u = tree_usage(init, o.procs);
            w.tree_cpu = std::max(w.tree_cpu, tree_cpu_of(u, o.cpu_clock));
            w.tree_peak = std::max(w.tree_peak, u.rss_bytes);
            if (w.tree_peak > (o.mem_hard_mib << 20)) {
                r.oom = true;  // the kernel's limit would have stopped it here
                return w;
            }
        }
        // The wait every tenth poll: the walk reads a file per task, and the allowance loses only
        // the last interval of a task that ends between two walks.
        if (++polls % kWaitPollEvery == 0) {
            waits.poll(init, now_s());
            w.waited = waits.seconds();
        }
        const double cpu = tree_polled ? w.tree_cpu : run_cpu(cg, b);
        if (cpu > o.cpu_hard)
            r.killed_by = KilledBy::cpu;
        else if (now_s() - start - w.waited > o.wall_hard)
            r.killed_by = KilledBy::wall;
        else if (now_s() - start > o.wall_cap)
            r.killed_by = KilledBy::wall_cap;
        else if (box_bytes(o.dir, box_cap) > box_cap)
            r.killed_by = KilledBy::output;
        if (r.killed_by != KilledBy::none) return w;
    }
}

// How the program ended and what it used, into the record.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): one caller, the run's facts in order
void measure(const Options& o, const Cgroups& cg, const Baselines& b, const Watched& w, double wall_runner, Record& r) {
    r.waited = w.waited;
    if (w.ended) {
        r.wall = w.end.wall;
        if (WIFEXITED(w.end.status)) r.exit_code = WEXITSTATUS(w.end.status);
        if (WIFSIGNALED(w.end.status)) r.signal = WTERMSIG(w.end.status);
    } else {
        r.wall = wall_runner;
        r.signal = SIGKILL;
        if (r.killed_by == KilledBy::none && r.error.empty()) r.error = "the sandbox's init ended without reporting";
    }
    const double rusage_cpu = cpu_seconds_of(w.end.usage, b.clock);
    r.cpu = cg.version == CgroupsState::off ? std::max(w.tree_cpu, rusage_cpu) : std::max(0.0, run_cpu(cg, b));
    // The group's peak is what the run held, less a resident runner's own: never the page cache of
    // the files it wrote, which the group's own counters (memory.peak, max_usage) include.
    const long long held_peak = w.group_peak - b.memory;
    r.peak_kib = std::max({static_cast<long long>(w.end.usage.ru_maxrss), w.tree_peak / 1024, held_peak / 1024});
    if (cg.version != CgroupsState::off)
        // Held within kHardLimitReach of the hard limit: the kernel kept the run there, reclaiming,
        // whether or not it came to an oom kill before the CPU limit.
        r.oom = cgroup_hit_limit(cg, b.oom_kills) || held_peak >= (o.mem_hard_mib << 20) - kHardLimitReach;

    if (!w.ended && r.killed_by == KilledBy::none && r.oom && !g_interrupted)
        r.error.clear();  // init itself was the OOM victim
}

// Under the address-space rule, the program's loadable segments as its peak when they exceed the
// memory limit: it is not run (static_size.hpp). Its path as the box holds it; a program on PATH
// is an interpreter of the system, declaring little.
bool declares_too_much(const Options& o, Record& r) {
    if (o.memory_rule != sudoku::judge::MemoryRule::address_space || o.argv.empty()) return false;
    std::string program = o.argv[0];
    const std::string box = sudoku::judge::kBoxInsidePath;
    if (program.rfind(box + "/", 0) == 0)
        program = o.dir + program.substr(box.size());
    else if (program.front() != '/')
        program = o.dir + "/" + program;
    const auto size = static_size(program);
    if (!size || *size <= static_cast<unsigned long long>(o.mem_mib) << 20) return false;
    r.peak_kib = static_cast<long long>(*size / 1024);
    r.oom = true;
    r.signal = SIGKILL;
    return true;
}

// What every run's init and program inherit, prepared once per runner.
void prepare_runner(const Options& o) {
    if (o.namespaces) sudoku::sandbox::host_layout();
    if (o.namespaces && !o.share_net && getuid() == 0) slot_network();
    sudoku::sandbox::syscall_filter();
}

}  // namespace

// No SA_RESTART: a blocking read of the next request returns, so --serve leaves at once.
void stop_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = note_interrupt;
    sigemptyset(&sa.sa_mask);
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) {
        sigaction(s, &sa, nullptr);
        sigaddset(&unblock, s);
    }
    sigprocmask(SIG_UNBLOCK, &unblock, nullptr);  // the judge blocks them in its threads; spawn inherits the mask
}

bool interrupted() { return g_interrupted != 0; }

int run(const Options& o, const Cgroups* resident) {
    if (Record refused; !pin_to(o, refused.error) || declares_too_much(o, refused)) return write_record(o, refused);
    if (Record refused; prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        refused.error = std::string("prctl(PR_SET_CHILD_SUBREAPER): ") + std::strerror(errno);
        return write_record(o, refused);
    }
    Cgroups cg = resident && o.cgroups ? *resident : setup_cgroups(o);
    if (resident && !o.cgroups) cg.leave_to = parents_of(*resident);
    const Baselines baselines = take_baselines(cg, o);
    prepare_runner(o);
    int error_pipe[2], end_pipe[2];
    if (pipe2(error_pipe, O_CLOEXEC) != 0 || pipe2(end_pipe, O_CLOEXEC) != 0) {
        std::perror("sudoku-sandbox: pipe");
        return sudoku::exit_internal_error;
    }
    const double start = now_s();
    RunPlace place;
    int mapped = -1;
    const pid_t init = clone_init(o, place, mapped);
    if (init < 0) {
        std::perror("sudoku-sandbox: fork");
        return sudoku::exit_internal_error;
    }
    if (init == 0) {
        close(error_pipe[0]);
        close(end_pipe[0]);
        init_main(o, cg, place, InitChannels{mapped, error_pipe[1], end_pipe[1]});
    }
    close(error_pipe[1]);
    close(end_pipe[1]);
    Record r;
    const Watched w = watch(o, cg, baselines, init, end_pipe[0], start, r);
    kill_tree(init, cg, place.in_namespace);
    int init_status;
    while (waitpid(init, &init_status, 0) < 0 && errno == EINTR) {}
    if (!end_leftovers()) r.error = "a process the program left would not end";
    const double wall_runner = now_s() - start;
    char buf[512];
    const ssize_t len = read(error_pipe[0], buf, sizeof buf);
    if (len > 0 && !g_interrupted) r.error = std::string(buf, len);
    close(error_pipe[0]);
    close(end_pipe[0]);
    measure(o, cg, baselines, w, wall_runner, r);
    if (!cg.resident) remove_cgroups(cg);
    r.cgroups = cg.version;
    r.namespaces = !place.in_namespace       ? NamespacesState::off
                   : place.in_user_namespace ? NamespacesState::user
                                             : NamespacesState::on;
    return write_record(o, r);
}

}  // namespace sudoku_sandbox
