// sudoku-sandbox: run one program under limits and write down what happened (isolate-style).
//
// The contract (every option, every field of the result record) is docs/judge.md, "The runner".
// This file only measures and enforces; it never decides a verdict (that is decide_verdict in
// judge/src/grading/verdict.cpp).
//
//   judge ──spawn──> sudoku-sandbox (root, polls limits every 5 ms; cgroups under its own group)
//                        └─clone(new mount, pid, ipc, uts)─> init (pid 1: joins the cgroups
//                                 │      unless --serve already lives in them, and the runner's
//                                 │      empty network (slot_network.hpp); pivots into the
//                                 │      whitelisted root of new_root.hpp: system files, its box)
//                                 └─fork─> program (rlimits, uid 65534, no new privileges,
//                                          seccomp deny list of syscall_filter.hpp, exec)
//
// Killing init kills the whole pid namespace, so nothing the program started outlives the run.
// Without namespaces the tree is killed through the cgroup's task list.
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "new_root.hpp"
#include "slot_network.hpp"
#include "sudoku/runner_contract.hpp"
#include "syscall_filter.hpp"
#include "tree_usage.hpp"
#include "user_namespace.hpp"

namespace {

// SIGTERM, SIGINT or SIGHUP (the judge stopping, a terminal's Ctrl-C): the run in progress is
// killed, its cgroups removed, its record says it was interrupted, and --serve then leaves.
volatile sig_atomic_t g_interrupted = 0;

void note_interrupt(int) { g_interrupted = 1; }

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

using sudoku::judge::CgroupsState;
using sudoku::judge::KilledBy;
using sudoku::judge::NamespacesState;
using sudoku::judge::to_string;
using sudoku::sandbox::ReadOnlyBind;

// The program's open files (RLIMIT_NOFILE): a compiler driver and its passes need a few dozen; the
// cap keeps one run from holding the kernel's file table.
constexpr rlim_t kOpenFiles = 256;

// The steps --fail-step can make fail, besides the new root's (sudoku::sandbox::kRootSteps).
constexpr std::string_view kProgramSteps[] = {"setrlimit", "nofile", "no-new-privs", "seccomp", "pin", "net", "oom"};

bool is_fail_step(const std::string& step) {
    for (auto known : kProgramSteps)
        if (known == step) return true;
    for (auto known : sudoku::sandbox::kRootSteps)
        if (known == step) return true;
    return false;
}

struct Options {
    std::string dir = ".";
    std::string stdin_file = "/dev/null", stdout_file = "/dev/null", stderr_file = "/dev/null";
    std::string meta;                  // empty: stdout
    double cpu = 1.0, cpu_hard = -1;   // seconds
    double wall = -1, wall_hard = -1;  // seconds
    long long mem_mib = 256, mem_hard_mib = -1;
    long long stack_mib = -1;  // -1: the memory limit (NOI convention)
    long long fsize_kib = 1 << 20;
    int procs = 64;
    int uid = 65534, gid = 65534;
    int core = -1;
    bool namespaces = true, cgroups = true, share_net = false;
    std::string fail_step;  // tests only: this protection's setup call fails as if the kernel refused it
    std::string skeleton;   // --serve: the shared part of the root, prepared once (new_root.hpp)
    std::vector<ReadOnlyBind> read_only;
    std::vector<std::string> env;
    std::vector<std::string> argv;
};

const char* const kHelp = R"(usage: sudoku-sandbox [options] -- PROGRAM [ARGS...]
Runs PROGRAM in DIR under limits and writes a result record (key: value lines).
  --dir DIR            work directory, the program's cwd and only writable place
  --stdin F --stdout F --stderr F   redirections (default /dev/null), opened by the runner
  --cpu S[:H]          CPU time soft limit S (verdict), hard H (kill; default S+0.1)
  --wall S[:H]         wall time soft/hard (default 2*cpu+1, hard soft+0.2)
  --mem M[:H]          memory MiB soft/hard (hard default M+M/8+16, enforced by the cgroup)
  --stack M            stack MiB (default: the memory limit)
  --fsize K            largest file the program may write, KiB (hard side: K+1)
  --procs N            processes and threads (default 64)
  --uid U --gid G      identity of the program when run as root (default 65534)
  --core K             pin to CPU core K (a pin that fails is a runner failure: record `error`)
  --ro HOST[:INSIDE]   bind HOST (a file or a directory) read-only into the program's root, at
                       INSIDE (absolute, default HOST) (repeatable; without namespaces an
                       argument equal to INSIDE is replaced by HOST)
  --env K=V            environment variable (repeatable; PATH, HOME, LANG are always set)
  --share-net          keep the network (compilers need none either; for tests only)
  --no-namespaces --no-cgroups   switch a protection off (the record says what was active)
  --meta F             write the record to F instead of stdout
  --fail-step STEP     tests only: the setup call of STEP fails, to show that the run then fails
                       (record `error`) instead of going on weaker: setrlimit, nofile,
                       no-new-privs, seccomp, root, bind, dev, proc, tmpfs, pivot-root,
                       pin, net, oom
Example: sudoku-sandbox --dir /tmp/box --cpu 1 --mem 128 --stdin in.txt -- ./a.out
Exit status: 0 the program was run (whatever it did), 2 bad options, 1 runner failure.
)";

std::pair<double, double> parse_pair(const std::string& s) {
    auto colon = s.find(':');
    if (colon == std::string::npos) return {std::stod(s), -1};
    return {std::stod(s.substr(0, colon)), std::stod(s.substr(colon + 1))};
}

// HOST[:INSIDE]: both absolute, without "..": INSIDE names a place in the new root, never above it.
ReadOnlyBind parse_read_only(const std::string& value) {
    auto colon = value.find(":/");
    ReadOnlyBind bind{value.substr(0, colon),
                      colon == std::string::npos ? value.substr(0, colon) : value.substr(colon + 1)};
    for (const std::string* path : {&bind.host, &bind.inside})
        if (path->empty() || path->front() != '/' || *path == "/" || path->find("/..") != std::string::npos)
            throw std::invalid_argument(
                "--ro expects HOST[:INSIDE], absolute paths other than / without '..', found '" + value + "'");
    return bind;
}

bool parse_options(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--") {
            for (++i; i < argc; ++i) o.argv.push_back(argv[i]);
        } else if (a == "--help") {
            std::cout << kHelp;
            std::exit(0);
        } else if (a == "--dir")
            o.dir = value();
        else if (a == "--stdin")
            o.stdin_file = value();
        else if (a == "--stdout")
            o.stdout_file = value();
        else if (a == "--stderr")
            o.stderr_file = value();
        else if (a == "--meta")
            o.meta = value();
        else if (a == "--cpu")
            std::tie(o.cpu, o.cpu_hard) = parse_pair(value());
        else if (a == "--wall")
            std::tie(o.wall, o.wall_hard) = parse_pair(value());
        else if (a == "--mem") {
            auto [s, h] = parse_pair(value());
            o.mem_mib = static_cast<long long>(s);
            o.mem_hard_mib = static_cast<long long>(h);
        } else if (a == "--stack")
            o.stack_mib = std::stoll(value());
        else if (a == "--fsize")
            o.fsize_kib = std::stoll(value());
        else if (a == "--procs")
            o.procs = std::stoi(value());
        else if (a == "--uid")
            o.uid = std::stoi(value());
        else if (a == "--gid")
            o.gid = std::stoi(value());
        else if (a == "--core")
            o.core = std::stoi(value());
        else if (a == "--ro")
            o.read_only.push_back(parse_read_only(value()));
        else if (a == "--env")
            o.env.push_back(value());
        else if (a == "--share-net")
            o.share_net = true;
        else if (a == "--no-namespaces")
            o.namespaces = false;
        else if (a == "--no-cgroups")
            o.cgroups = false;
        else if (a == "--fail-step") {
            o.fail_step = value();
            if (!is_fail_step(o.fail_step))
                throw std::invalid_argument("--fail-step: unknown step '" + o.fail_step + "' (see --help)");
        } else
            throw std::invalid_argument("unknown option " + a);
    }
    if (o.argv.empty()) throw std::invalid_argument("no program given after --");
    if (o.cpu_hard < 0) o.cpu_hard = o.cpu + 0.1;
    if (o.wall < 0) o.wall = sudoku::judge::default_wall_s(o.cpu);
    if (o.wall_hard < 0) o.wall_hard = o.wall + 0.2;
    if (o.mem_hard_mib < 0) o.mem_hard_mib = o.mem_mib + o.mem_mib / 8 + 16;
    if (o.stack_mib < 0) o.stack_mib = o.mem_mib;
    return true;
}

double seconds_of(const timespec& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9; }
double seconds_of(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; }
double cpu_seconds_of(const rusage& ru) { return seconds_of(ru.ru_utime) + seconds_of(ru.ru_stime); }

double now_s() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return seconds_of(ts);
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a path then its text, as every call here reads
bool write_file(const std::string& path, const std::string& text) {
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

std::string read_small(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

long long read_number(const std::string& path) {
    std::string s = read_small(path);
    return s.empty() ? -1 : std::atoll(s.c_str());
}

// ---- cgroups: one fresh group per run, created under the runner's own group (so the host's
// accounting and limits still apply), removed at the end.
struct Cgroups {
    CgroupsState version = CgroupsState::off;
    bool resident = false;                  // --serve: the runner lives in these groups; they outlive a run
    std::string memory, cpuacct, pids, v2;  // directories of this run's groups
    // pids.max was written: a v2 group whose parent does not delegate the pids controller has
    // none, and the run then needs RLIMIT_NPROC as v1 without a pids hierarchy does.
    bool pids_limited = false;
    // --no-cgroups under a resident runner: the groups init moves to first (the runner's own
    // parents), so that the run is really outside every cgroup the runner made.
    std::vector<std::string> leave_to;

    std::vector<std::string> dirs() const {
        std::vector<std::string> d;
        for (auto* p : {&memory, &cpuacct, &pids, &v2})
            if (!p->empty()) d.push_back(*p);
        return d;
    }
};

std::string own_group(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        auto a = line.find(':'), b = line.find(':', a + 1);
        std::string names = line.substr(a + 1, b - a - 1);
        std::stringstream ss(names);
        std::string n;
        while (std::getline(ss, n, ','))
            if (n == controller) return line.substr(b + 1);
        if (controller.empty() && line.compare(0, 3, "0::") == 0) return line.substr(3);
    }
    return "";
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): root, controller and leaf, in path order
std::string make_group(const std::string& root, const std::string& controller, const std::string& leaf) {
    std::string base = root + own_group(controller);
    if (access((base + "/cgroup.procs").c_str(), F_OK) != 0) return "";
    std::string dir = base + "/" + leaf;
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return "";
    return dir;
}

Cgroups setup_cgroups(const Options& o) {
    Cgroups cg;
    if (!o.cgroups) return cg;
    std::string leaf = std::string(sudoku::judge::kRunnerCgroupPrefix) + std::to_string(getpid());
    long long hard = o.mem_hard_mib << 20;
    // cgroup v2 first when its memory controller is usable here (pure v2 or hybrid with memory).
    for (std::string root : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
        std::string controllers = read_small(root + own_group("") + "/cgroup.controllers");
        if (controllers.find("memory") == std::string::npos || controllers.find("cpu") == std::string::npos) continue;
        std::string parent = root + own_group("");
        write_file(parent + "/cgroup.subtree_control", "+memory +cpu +pids");
        std::string dir = parent + "/" + leaf;
        if (mkdir(dir.c_str(), 0755) != 0) continue;
        if (!write_file(dir + "/memory.max", std::to_string(hard))) {
            rmdir(dir.c_str());
            continue;
        }
        write_file(dir + "/memory.swap.max", "0");
        cg.pids_limited = write_file(dir + "/pids.max", std::to_string(o.procs));
        cg.version = CgroupsState::v2;
        cg.v2 = dir;
        return cg;
    }
    cg.memory = make_group("/sys/fs/cgroup/memory", "memory", leaf);
    cg.cpuacct = make_group("/sys/fs/cgroup/cpuacct", "cpuacct", leaf);
    cg.pids = make_group("/sys/fs/cgroup/pids", "pids", leaf);
    if (cg.memory.empty() || cg.cpuacct.empty() ||
        !write_file(cg.memory + "/memory.limit_in_bytes", std::to_string(hard))) {
        for (auto& d : cg.dirs()) rmdir(d.c_str());
        return Cgroups{};
    }
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(hard));  // no swapping out of the limit
    cg.pids_limited = !cg.pids.empty() && write_file(cg.pids + "/pids.max", std::to_string(o.procs));
    cg.version = CgroupsState::v1;
    return cg;
}

std::vector<pid_t> tasks_of(const Cgroups& cg) {
    std::vector<pid_t> pids;
    for (auto& d : cg.dirs()) {
        std::ifstream in(d + "/cgroup.procs");
        pid_t p;
        while (in >> p) pids.push_back(p);
    }
    return pids;
}

// CPU seconds used by the whole group (every process the program started), -1 when unknown.
double cgroup_cpu(const Cgroups& cg) {
    if (cg.version == CgroupsState::v1) return static_cast<double>(read_number(cg.cpuacct + "/cpuacct.usage")) * 1e-9;
    if (cg.version == CgroupsState::v2) {
        std::istringstream in(read_small(cg.v2 + "/cpu.stat"));
        std::string k;
        long long v;
        while (in >> k >> v)
            if (k == "usage_usec") return static_cast<double>(v) * 1e-6;
    }
    return -1;
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a file then a key in it
long long stat_field(const std::string& file, const std::string& key) {
    std::istringstream in(read_small(file));
    std::string k;
    long long v;
    while (in >> k >> v)
        if (k == key) return v;
    return 0;
}

void remove_cgroups(const Cgroups& cg) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        bool busy = false;
        for (auto& d : cg.dirs())
            if (rmdir(d.c_str()) != 0 && errno == EBUSY) busy = true;
        if (!busy) return;
        for (pid_t p : tasks_of(cg)) kill(p, SIGKILL);
        usleep(1000);
    }
}

// ---- the child side. Only async-signal-safe calls after fork would matter in a threaded
// process; the runner is single-threaded, so plain code is fine here.
[[noreturn]] void die_child(int error_fd, const std::string& what) {
    std::string msg = what + ": " + std::strerror(errno);
    (void)!write(error_fd, msg.data(), msg.size());
    _exit(127);
}

// Whether the test-only --fail-step names `step`: the caller then fails as the kernel would (EPERM).
bool step_fails(const Options& o, const char* step) {
    if (o.fail_step != step) return false;
    errno = EPERM;
    return true;
}

// The program's root: only what new_root.hpp lists. Every step is checked; one that fails ends
// the run as a judge fault naming it.
void setup_mounts(const Options& o, int error_fd, std::string& box) {
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) die_child(error_fd, "make / private");
    sudoku::sandbox::RootPlan plan;
    plan.box_fd = open(o.dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (plan.box_fd < 0) die_child(error_fd, "open " + o.dir);
    plan.read_only = o.read_only;
    plan.tmp_mib = std::max(16LL, o.fsize_kib / 1024 + 1);
    // A test's --fail-step builds everything itself, so that any step can fail.
    const std::string& skeleton = o.fail_step.empty() ? o.skeleton : std::string();
    if (auto failure = sudoku::sandbox::enter_new_root(plan, o.fail_step, skeleton)) {
        errno = failure->error;
        die_child(error_fd, "new root (" + failure->step + "): " + failure->what);
    }
    close(plan.box_fd);
    box = sudoku::sandbox::kBoxInside;
}

// Fail closed: a limit that cannot be set ends the run as a judge fault, naming the limit.
// `step`: the --fail-step word of this limit alone (setrlimit makes every limit fail).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): setrlimit's own order, resource an RLIMIT_ constant
void set_limit(const Options& o, int error_fd, int resource, const char* name, rlim_t value,
               const char* step = "setrlimit") {
    rlimit r{value, value};
    if (step_fails(o, "setrlimit") || step_fails(o, step) || setrlimit(resource, &r) != 0)
        die_child(error_fd, std::string("setrlimit(") + name + ")");
}

// in, out, err in the order of descriptors 0, 1, 2; the two facts of the run named at the one call
// NOLINTBEGIN(bugprone-easily-swappable-parameters)
[[noreturn]] void exec_program(const Options& o, const Cgroups& cg, bool in_user_namespace, bool tree_polled,
                               const std::string& box, int error_fd, int in_fd, int out_fd, int err_fd) {
    // NOLINTEND(bugprone-easily-swappable-parameters)
    signal(SIGPIPE, SIG_DFL);  // --serve ignores it; the program gets the default back
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) die_child(error_fd, "redirect");
    if (chdir(box.c_str()) != 0) die_child(error_fd, "chdir " + box);
    // backstop; the runner kills first
    set_limit(o, error_fd, RLIMIT_CPU, "RLIMIT_CPU", static_cast<rlim_t>(std::ceil(o.cpu_hard)) + 1);
    set_limit(o, error_fd, RLIMIT_FSIZE, "RLIMIT_FSIZE", static_cast<rlim_t>(o.fsize_kib + 1) * 1024);
    set_limit(o, error_fd, RLIMIT_STACK, "RLIMIT_STACK",
              o.stack_mib <= 0 ? RLIM_INFINITY : static_cast<rlim_t>(o.stack_mib) << 20);
    set_limit(o, error_fd, RLIMIT_CORE, "RLIMIT_CORE", 0);
    set_limit(o, error_fd, RLIMIT_NOFILE, "RLIMIT_NOFILE", kOpenFiles, "nofile");
    // Without cgroups the address space is the limit, unless the runner polls the tree's resident
    // memory (tree_usage.hpp): then only a wide backstop, so that a reserved, untouched array is
    // not a crash at exec and a touched one is MLE, as with cgroups.
    if (cg.version == CgroupsState::off)
        set_limit(o, error_fd, RLIMIT_AS, "RLIMIT_AS",
                  static_cast<rlim_t>(tree_polled ? 4 * o.mem_hard_mib + 256 : o.mem_hard_mib) << 20);
    if (getuid() == 0) {
        if (!cg.pids_limited) set_limit(o, error_fd, RLIMIT_NPROC, "RLIMIT_NPROC", o.procs);
        if (setgroups(0, nullptr) != 0 || setgid(o.gid) != 0 || setuid(o.uid) != 0)
            die_child(error_fd, "drop privileges");
    } else if (in_user_namespace && !cg.pids_limited) {
        set_limit(o, error_fd, RLIMIT_NPROC, "RLIMIT_NPROC", o.procs);  // counted in this user namespace
    }
    if (step_fails(o, "no-new-privs") || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        die_child(error_fd, "prctl(PR_SET_NO_NEW_PRIVS)");
    // Last: the filter would refuse the setup calls above (and needs no_new_privs).
    if (step_fails(o, "seccomp")) die_child(error_fd, "seccomp filter");
    if (std::string failed = sudoku::sandbox::load_syscall_filter(); !failed.empty())
        die_child(error_fd, "seccomp filter (" + failed + ")");
    std::vector<std::string> env = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + box, "LANG=C"};
    env.insert(env.end(), o.env.begin(), o.env.end());
    std::vector<char*> envp, args;
    for (auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    for (auto& a : o.argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    // execve, not execvpe: a file that is not a program must fail, not be handed to /bin/sh.
    // ETXTBSY: some other process of the judge still held a writable descriptor to the program
    // for an instant (a spawn racing a copy); it goes away within milliseconds.
    if (o.argv[0].find('/') != std::string::npos)
        for (int attempt = 0; attempt < 50; ++attempt) {
            execve(args[0], args.data(), envp.data());
            if (errno != ETXTBSY) break;
            usleep(2000);
        }
    else
        for (const char* dir : {"/usr/local/bin/", "/usr/bin/", "/bin/"})
            if (execve((dir + o.argv[0]).c_str(), args.data(), envp.data()) != 0 && errno != ENOENT) break;
    die_child(error_fd, "exec " + o.argv[0]);
}

// What init tells the runner when the program ends by itself.
struct ProgramEnd {
    int status = 0;
    double wall = 0;
    rusage usage{};
    sudoku_sandbox::TreeUsage tree;  // without cgroups: the tree at the program's end, leftovers included
};

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): one caller, the two ends named as in run()
[[noreturn]] void run_init(const Options& o, const Cgroups& cg, bool in_namespace, bool in_user_namespace, int error_fd,
                           int end_fd) {
    // The run, never its runner, is the OOM victim: a resident runner shares the run's memory
    // group, and it cannot always exempt itself (lowering oom_score_adj needs CAP_SYS_RESOURCE,
    // which containers drop), while raising it needs nothing. Before, a program of many processes,
    // each smaller than the runner, that filled the limit got the runner killed.
    if (step_fails(o, "oom") || !write_file("/proc/self/oom_score_adj", "1000"))
        die_child(error_fd, "oom_score_adj 1000 (the run first for the OOM killer)");
    // Joining here (not in the program) keeps the join away from the mount work, which makes the
    // cgroup write wait for an RCU grace period (~10 ms); init's own few syscalls are counted.
    if (!cg.resident)
        for (auto& d : cg.dirs())
            if (!write_file(d + "/cgroup.procs", "0")) die_child(error_fd, "join cgroup " + d);
    for (auto& d : cg.leave_to)
        if (!write_file(d + "/cgroup.procs", "0")) die_child(error_fd, "leave the runner's cgroup for " + d);
    // Redirections are opened before the mounts hide their directories.
    int in_fd = open(o.stdin_file.c_str(), O_RDONLY | O_CLOEXEC);
    int out_fd = open(o.stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int err_fd = open(o.stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (in_fd < 0) die_child(error_fd, "open " + o.stdin_file);
    if (out_fd < 0) die_child(error_fd, "open " + o.stdout_file);
    if (err_fd < 0) die_child(error_fd, "open " + o.stderr_file);
    if (getuid() == 0) {  // the program (uid 65534) must be able to write its outputs and its box
        // Regular files only: the default /dev/null is the host's, and must stay root's.
        for (int fd : {out_fd, err_fd}) {
            struct stat st;
            if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) (void)!fchown(fd, o.uid, o.gid);
        }
        if (chown(o.dir.c_str(), o.uid, o.gid) != 0) die_child(error_fd, "chown " + o.dir);
    }
    std::string box = o.dir;
    Options outside;  // without namespaces: arguments naming an inside path of --ro get the host path
    if (in_namespace && !in_user_namespace && !o.share_net &&
        (step_fails(o, "net") || sudoku_sandbox::slot_network() < 0 ||
         setns(sudoku_sandbox::slot_network(), CLONE_NEWNET) != 0))
        die_child(error_fd, "join the runner's empty network namespace");
    if (in_namespace)
        setup_mounts(o, error_fd, box);
    else if (!o.read_only.empty()) {
        outside = o;
        for (auto& arg : outside.argv)
            for (auto& bind : o.read_only)
                if (arg == bind.inside) arg = bind.host;
    }
    // Without a pid namespace, orphans of the program come to init rather than to the host's init,
    // so that the runner's /proc walk (tree_usage.hpp) still finds the whole tree.
    if (!in_namespace && cg.version == CgroupsState::off && prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        die_child(error_fd, "prctl(PR_SET_CHILD_SUBREAPER)");
    double start = now_s();
    pid_t program = fork();
    if (program < 0) die_child(error_fd, "fork");
    if (program == 0)
        exec_program(outside.argv.empty() ? o : outside, cg, in_user_namespace, cg.version == CgroupsState::off, box,
                     error_fd, in_fd, out_fd, err_fd);
    close(error_fd);
    ProgramEnd end;
    // As pid 1, init also reaps orphans; it stops at the program's own end.
    for (;;) {
        int status;
        rusage ru;
        pid_t p = wait4(-1, &status, 0, &ru);
        if (p < 0 && errno == EINTR) continue;
        if (p < 0) _exit(126);
        if (p == program) {
            end.status = status;
            end.usage = ru;
            break;
        }
    }
    end.wall = now_s() - start;
    // Measured here, before init kills what the program left: the runner's last poll may be 5 ms old.
    if (cg.version == CgroupsState::off) end.tree = sudoku_sandbox::tree_usage(getpid(), o.procs);
    (void)!write(end_fd, &end, sizeof end);
    if (!in_namespace) kill(0, SIGKILL);  // the program's leftovers in init's process group (and init)
    _exit(0);                             // in a pid namespace this kills every process the program left behind
}

struct Record {
    double cpu = 0, wall = 0;
    long long peak_kib = 0;
    int exit_code = -1, signal = 0;
    KilledBy killed_by = KilledBy::none;
    bool oom = false;
    std::string error;
};

void kill_tree(pid_t init, const Cgroups& cg, bool in_namespace) {
    kill(init, SIGKILL);
    if (!in_namespace) {  // init leads the process group the program (and what it forked) is in
        kill(-init, SIGKILL);
        for (int round = 0; round < 3; ++round)
            for (pid_t p : tasks_of(cg))
                if (p != getpid()) kill(p, SIGKILL);
    }
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

double self_cpu() {
    rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return cpu_seconds_of(ru);
}

// init in fresh namespaces, straight from clone: the runner itself stays where it is, so the
// namespaces die with init (not with the runner) and --serve can make new ones for every run.
// Without root the namespaces are made inside a new user namespace (user_namespace.hpp): init then
// waits on `mapped` (its read end, returned in the child) until the runner has written its maps.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): out-parameters, named at the one call
pid_t clone_init(const Options& o, bool& in_namespace, bool& in_user_namespace, int& mapped) {
    in_namespace = in_user_namespace = false;
    mapped = -1;
    if (o.namespaces) {
        const bool rootless = getuid() != 0;
        int sync[2] = {-1, -1};
        if (rootless && pipe2(sync, O_CLOEXEC) != 0) return -1;
        // Root's runs join the runner's empty network (slot_network.hpp); a user namespace gets its own.
        long flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS |
                     (rootless ? CLONE_NEWUSER | (o.share_net ? 0 : CLONE_NEWNET) : 0);
        pid_t pid = static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
        if (pid == 0 && rootless) {
            close(sync[1]);
            mapped = sync[0];
        } else if (rootless) {
            close(sync[0]);
            if (pid > 0 && sudoku_sandbox::map_caller(pid)) (void)!write(sync[1], "m", 1);
            close(sync[1]);  // without the byte init fails the run ("user namespace not mapped")
        }
        if (pid >= 0) {
            in_namespace = true;
            in_user_namespace = rootless;
            return pid;
        }
    }
    return fork();
}

// A resident (v1) group is reused: its counters are reset and its limit moved above what the
// runner itself holds, so that only the run is measured and limited.
long long prepare_resident(const Cgroups& cg, const Options& o) {
    long long baseline = read_number(cg.memory + "/memory.usage_in_bytes");
    long long limit = baseline + (o.mem_hard_mib << 20);
    // memsw must stay >= limit: raise it first when growing, lower it last when shrinking.
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.max_usage_in_bytes", "0");
    write_file(cg.memory + "/memory.failcnt", "0");
    if (!cg.pids.empty()) write_file(cg.pids + "/pids.max", std::to_string(o.procs + 1));
    return baseline;
}

// The parents of the resident groups: where a --no-cgroups run goes (see Cgroups::leave_to).
std::vector<std::string> parents_of(const Cgroups& resident) {
    std::vector<std::string> parents;
    for (auto& d : resident.dirs()) parents.push_back(d.substr(0, d.rfind('/')));
    return parents;
}

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

int write_record(const Options& o, const Record& r, CgroupsState cgroups, NamespacesState namespaces);

int run(const Options& o, const Cgroups* resident = nullptr) {
    {
        Record refused;
        if (!pin_to(o, refused.error)) return write_record(o, refused, CgroupsState::off, NamespacesState::off);
    }
    Cgroups cg;
    if (resident && o.cgroups)
        cg = *resident;
    else {
        cg = setup_cgroups(o);
        if (resident) cg.leave_to = parents_of(*resident);
    }
    long long memory_baseline = cg.resident ? prepare_resident(cg, o) : 0;
    long long oom_kills_before = cg.resident ? stat_field(cg.memory + "/memory.oom_control", "oom_kill") : 0;
    double cpu_baseline = cg.resident ? cgroup_cpu(cg) : 0, self_baseline = self_cpu();
    // CPU of the run: the group's, less what the (resident) runner spent polling.
    auto run_cpu = [&] {
        return cg.resident ? cgroup_cpu(cg) - cpu_baseline - (self_cpu() - self_baseline) : cgroup_cpu(cg);
    };
    // Prepared once per runner: every run's init and program inherit them.
    if (o.namespaces) sudoku::sandbox::host_layout();
    if (o.namespaces && !o.share_net && getuid() == 0) sudoku_sandbox::slot_network();
    sudoku::sandbox::syscall_filter();
    bool in_namespace = false, in_user_namespace = false;
    int mapped = -1;
    int error_pipe[2], end_pipe[2];
    if (pipe2(error_pipe, O_CLOEXEC) != 0 || pipe2(end_pipe, O_CLOEXEC) != 0) {
        std::perror("sudoku-sandbox: pipe");
        return 1;
    }
    // The box may grow by a few output limits beyond what the judge put in it (input, program).
    // Its size is polled: the page cache takes files as fast as memory, and a program writing
    // 60 KiB files put 25 MB in the box within 7 ms between two polls of 5 ms on a busy machine
    // (the hostile test allows 16 MiB); every millisecond bounds that at a few MB.
    constexpr int kPollMs = 1;
    const long long box_cap = box_bytes(o.dir, 1LL << 40) + 4 * (o.fsize_kib + 1) * 1024 + (1 << 20);
    double start = now_s();
    pid_t init = clone_init(o, in_namespace, in_user_namespace, mapped);
    if (init < 0) {
        std::perror("sudoku-sandbox: fork");
        return 1;
    }
    if (init == 0) {
        close(error_pipe[0]);
        close(end_pipe[0]);
        // A runner killed by SIGKILL (the judge killed, a cluster job cancelled) cannot stop its
        // run: init dies with it, and with init every process of the pid namespace. The poll
        // closes the window of a runner that died before the prctl (no reader left on the pipe).
        pollfd runner_gone{error_pipe[1], 0, 0};
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die_child(error_pipe[1], "prctl(PR_SET_PDEATHSIG)");
        if (poll(&runner_gone, 1, 0) != 0) _exit(125);
        char byte = 0;
        if (mapped >= 0 && read(mapped, &byte, 1) != 1) {
            errno = EPERM;
            die_child(error_pipe[1], "user namespace not mapped (/proc/<init>/uid_map)");
        }
        if (!in_namespace) setpgid(0, 0);
        run_init(o, cg, in_namespace, in_user_namespace, error_pipe[1], end_pipe[1]);
    }
    close(error_pipe[1]);
    close(end_pipe[1]);
    // No cgroup to count the tree: poll /proc from init down (tree_usage.hpp; init is pid 1 of a
    // pid namespace or a child subreaper, so orphans stay below it).
    const bool tree_polled = cg.version == CgroupsState::off;
    double tree_cpu = 0;
    long long tree_peak = 0;

    Record r;
    ProgramEnd end;
    bool ended = false;
    for (;;) {
        pollfd p{end_pipe[0], POLLIN, 0};
        int n = poll(&p, 1, kPollMs);
        if (n > 0) {
            ended = read(end_pipe[0], &end, sizeof end) == static_cast<ssize_t>(sizeof end);
            if (ended && tree_polled) {
                tree_cpu = std::max(tree_cpu, end.tree.cpu_s);
                tree_peak = std::max(tree_peak, end.tree.rss_bytes);
            }
            break;
        }
        if (g_interrupted) {
            r.error = "interrupted: the runner got a stop signal";
            break;
        }
        double wall = now_s() - start;
        if (tree_polled) {
            auto u = sudoku_sandbox::tree_usage(init, o.procs);
            tree_cpu = std::max(tree_cpu, u.cpu_s);
            tree_peak = std::max(tree_peak, u.rss_bytes);
            if (tree_peak > (o.mem_hard_mib << 20)) {
                r.oom = true;  // the kernel's limit would have stopped it here
                break;
            }
        }
        double cpu = tree_polled ? tree_cpu : run_cpu();
        if (cpu > o.cpu_hard)
            r.killed_by = KilledBy::cpu;
        else if (wall > o.wall_hard)
            r.killed_by = KilledBy::wall;
        else if (box_bytes(o.dir, box_cap) > box_cap)
            r.killed_by = KilledBy::output;
        if (r.killed_by != KilledBy::none) break;
    }
    kill_tree(init, cg, in_namespace);
    int init_status;
    while (waitpid(init, &init_status, 0) < 0 && errno == EINTR) {}
    double wall_runner = now_s() - start;

    char buf[512];
    ssize_t len = read(error_pipe[0], buf, sizeof buf);
    if (len > 0 && !g_interrupted) r.error = std::string(buf, len);

    if (ended) {
        r.wall = end.wall;
        if (WIFEXITED(end.status)) r.exit_code = WEXITSTATUS(end.status);
        if (WIFSIGNALED(end.status)) r.signal = WTERMSIG(end.status);
    } else {
        r.wall = wall_runner;
        r.signal = SIGKILL;
        if (r.killed_by == KilledBy::none && r.error.empty()) r.error = "the sandbox's init ended without reporting";
    }
    double rusage_cpu = cpu_seconds_of(end.usage);
    r.cpu = tree_polled                       ? std::max(tree_cpu, rusage_cpu)
            : cg.version == CgroupsState::off ? rusage_cpu
                                              : std::max(0.0, run_cpu());
    r.peak_kib = std::max(static_cast<long long>(end.usage.ru_maxrss), tree_peak / 1024);
    if (cg.version == CgroupsState::v1) {
        r.peak_kib =
            std::max(r.peak_kib, (read_number(cg.memory + "/memory.max_usage_in_bytes") - memory_baseline) / 1024);
        r.oom = read_number(cg.memory + "/memory.failcnt") > 0 ||
                stat_field(cg.memory + "/memory.oom_control", "oom_kill") > oom_kills_before;
    } else if (cg.version == CgroupsState::v2) {
        long long peak = read_number(cg.v2 + "/memory.peak");
        if (peak > 0) r.peak_kib = std::max(r.peak_kib, peak / 1024);
        r.oom = stat_field(cg.v2 + "/memory.events", "oom_kill") > 0 || stat_field(cg.v2 + "/memory.events", "max") > 0;
    }
    if (!ended && r.killed_by == KilledBy::none && r.oom && !g_interrupted)
        r.error.clear();  // init itself was the OOM victim
    if (!cg.resident) remove_cgroups(cg);
    return write_record(o, r, cg.version,
                        !in_namespace       ? NamespacesState::off
                        : in_user_namespace ? NamespacesState::user
                                            : NamespacesState::on);
}

int write_record(const Options& o, const Record& r_in, CgroupsState cgroups, NamespacesState namespaces) {
    Record r = r_in;
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(3);
    out << "cpu: " << r.cpu << "\nwall: " << r.wall << "\npeak_kib: " << r.peak_kib << "\n";
    if (r.signal)
        out << "signal: " << r.signal << "\n";
    else
        out << "exit_code: " << r.exit_code << "\n";
    out << "killed_by: " << to_string(r.killed_by) << "\noom: " << (r.oom ? 1 : 0) << "\n";
    out << "cgroups: " << to_string(cgroups) << "\n";
    out << "namespaces: " << to_string(namespaces) << "\n";
    out << "uid: " << (getuid() == 0 ? o.uid : static_cast<int>(getuid())) << "\n";
    out << "core: " << (r.error.empty() ? o.core : -1) << "\n";
    if (!r.error.empty()) {
        for (char& c : r.error)
            if (c == '\n') c = ' ';
        out << "error: " << r.error << "\n";
    }
    if (o.meta.empty())
        std::cout << out.str() << std::flush;
    else {
        std::ofstream f(o.meta);
        f << out.str();
        if (!f) {
            std::cerr << "sudoku-sandbox: cannot write " << o.meta << "\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace

// --serve: one runner for many runs (one per judge slot). The runner joins its v1 groups once;
// every run's init is forked inside them, which saves the ~10 ms a cgroup migration costs here
// (the kernel waits for an RCU grace period). Requests on stdin: a line with the number of
// arguments, then one argument per line; each record on stdout is followed by a line "end".
int serve() {
    Options defaults;
    defaults.argv = {"/bin/true"};
    defaults.mem_hard_mib = defaults.mem_mib;  // replaced by every request's own limit
    Cgroups cg = setup_cgroups(defaults);
    if (cg.version == CgroupsState::v1) {
        bool joined = true;
        for (auto& d : cg.dirs()) joined = joined && write_file(d + "/cgroup.procs", "0");
        cg.resident = joined;
        write_file("/proc/self/oom_score_adj", "-1000");  // where allowed; every run's init raises its own to 1000
    }
    // A judge killed mid-run must not take the runner down before it removes its cgroups.
    signal(SIGPIPE, SIG_IGN);
    const std::string skeleton = sudoku::sandbox::make_runner_skeleton();
    std::string line;
    while (std::getline(std::cin, line)) {
        int count = std::atoi(line.c_str());
        std::vector<std::string> args = {"sudoku-sandbox"};
        for (int i = 0; i < count && std::getline(std::cin, line); ++i) args.push_back(line);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        Options o;
        try {
            parse_options(static_cast<int>(argv.size()), argv.data(), o);
            o.skeleton = skeleton;
            if (cg.resident)
                run(o, &cg);
            else
                run(o);
        } catch (const std::exception& e) {
            std::cout << "error: bad request: " << e.what() << "\n";
        }
        std::cout << "end\n" << std::flush;
        if (g_interrupted) break;
    }
    if (cg.resident) {  // leave the groups (to their parents) so that they can be removed
        for (auto& d : cg.dirs()) write_file(d.substr(0, d.rfind('/')) + "/cgroup.procs", "0");
        remove_cgroups(cg);
    }
    sudoku::sandbox::remove_runner_skeleton(skeleton);
    return 0;
}

int main(int argc, char** argv) {
    stop_on_signals();
    if (argc == 2 && std::string(argv[1]) == "--serve") return serve();
    Options o;
    try {
        parse_options(argc, argv, o);
    } catch (const std::exception& e) {
        std::cerr << "sudoku-sandbox: " << e.what() << " (see --help)\n";
        return 2;
    }
    return run(o);
}
