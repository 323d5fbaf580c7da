// The run's side of the fork: init and the program (see child.hpp). Only async-signal-safe calls
// after fork would matter in a threaded process; the runner is single-threaded, so plain code is
// fine here.
#include "child.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "files.hpp"
#include "new_root.hpp"
#include "slot_network.hpp"
#include "syscall_filter.hpp"
#include "user_namespace.hpp"

namespace sudoku_sandbox {

namespace {

using sudoku::judge::CgroupsState;

// The program's open files (RLIMIT_NOFILE): a compiler driver and its passes need a few dozen; the
// cap keeps one run from holding the kernel's file table.
constexpr rlim_t kOpenFiles = 256;

// What every step of the child needs: the run's options and place, and where a failure is told.
struct Child {
    const Options& o;
    const Cgroups& cg;
    const RunPlace& place;
    int error_fd;

    [[noreturn]] void die(const std::string& what) const {
        std::string msg = what + ": " + std::strerror(errno);
        (void)!write(error_fd, msg.data(), msg.size());
        _exit(127);
    }
    bool tree_polled() const { return cg.version == CgroupsState::off; }
};

// The redirections, opened by init before the mounts hide their directories.
struct Redirections {
    int in = -1, out = -1, err = -1;
};

// Whether init joins a copy of the runner's root namespace (new_root.hpp) rather than cloning a
// mount namespace of its own and pivoting. A test's --fail-step takes the other way, where every
// step of building the root can fail.
bool joins_root_namespace(const Options& o) { return o.root_ns >= 0 && o.fail_step.empty() && getuid() == 0; }

// ---- init's checklist

// A runner killed by SIGKILL (the judge killed, a cluster job cancelled) cannot stop its run: init
// dies with it, and with init every process of the pid namespace. The poll closes the window of a
// runner that died before the prctl (no reader left on the pipe).
void die_with_runner(const Child& c) {
    pollfd runner_gone{c.error_fd, 0, 0};
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) c.die("prctl(PR_SET_PDEATHSIG)");
    if (poll(&runner_gone, 1, 0) != 0) _exit(125);
}

void wait_for_user_maps(const Child& c, int mapped) {
    char byte = 0;
    if (mapped >= 0 && read(mapped, &byte, 1) != 1) {
        errno = EPERM;
        c.die("user namespace not mapped (/proc/<init>/uid_map)");
    }
}

// The run, never its runner, is the OOM victim: a resident runner shares the run's memory group,
// and it cannot always exempt itself (lowering oom_score_adj needs CAP_SYS_RESOURCE, which
// containers drop), while raising it needs nothing. Before, a program of many processes, each
// smaller than the runner, that filled the limit got the runner killed.
void make_first_oom_victim(const Child& c) {
    if (step_fails(c.o, "oom") || !write_file("/proc/self/oom_score_adj", "1000"))
        c.die("oom_score_adj 1000 (the run first for the OOM killer)");
}

// Joining here (not in the program) keeps the join away from the mount work, which makes the
// cgroup write wait for an RCU grace period (~10 ms); init's own few syscalls are counted.
void join_cgroups(const Child& c) {
    if (!c.cg.resident)
        for (auto& d : c.cg.dirs())
            if (!write_file(d + "/cgroup.procs", "0")) c.die("join cgroup " + d);
    for (auto& d : c.cg.leave_to)
        if (!write_file(d + "/cgroup.procs", "0")) c.die("leave the runner's cgroup for " + d);
}

Redirections open_redirections(const Child& c) {
    Redirections r;
    r.in = open(c.o.stdin_file.c_str(), O_RDONLY | O_CLOEXEC);
    // O_NOFOLLOW: the judge's folders may be shared; a link planted there is refused, never
    // truncated through (the judge removes what stands at these names before a run).
    r.out = open(c.o.stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    r.err = open(c.o.stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (r.in < 0) c.die("open " + c.o.stdin_file);
    if (r.out < 0) c.die("open " + c.o.stdout_file);
    if (r.err < 0) c.die("open " + c.o.stderr_file);
    return r;
}

// The program (uid 65534) must be able to write its outputs and its box. Regular files only: the
// default /dev/null is the host's, and must stay root's.
void give_outputs_to_program(const Child& c, const Redirections& r) {
    if (getuid() != 0) return;
    for (int fd : {r.out, r.err}) {
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) (void)!fchown(fd, c.o.uid, c.o.gid);
    }
    // Through a descriptor of the folder itself: a link in the box's place is never chowned.
    const int box = open(c.o.dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (box < 0 || fchown(box, c.o.uid, c.o.gid) != 0) c.die("chown " + c.o.dir);
    close(box);
}

void join_slot_network(const Child& c) {
    if (!c.place.in_namespace || c.place.in_user_namespace || c.o.share_net) return;
    if (step_fails(c.o, "net") || slot_network() < 0 || setns(slot_network(), CLONE_NEWNET) != 0)
        c.die("join the runner's empty network namespace");
}

// The program's root: only what new_root.hpp lists. Returns where the box is inside.
std::string enter_root(const Child& c) {
    sudoku::sandbox::RootPlan plan;
    plan.box_fd = open(c.o.dir.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (plan.box_fd < 0) c.die("open " + c.o.dir);
    plan.read_only = c.o.read_only;
    plan.tmp_mib = std::max(16LL, c.o.fsize_kib / 1024 + 1);
    std::optional<sudoku::sandbox::SetupFailure> failure;
    if (joins_root_namespace(c.o)) {
        failure = sudoku::sandbox::enter_root_namespace(plan, c.o.root_ns);
    } else {
        if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) c.die("make / private");
        // A test's --fail-step builds everything itself, so that any step can fail.
        const std::string& skeleton = c.o.fail_step.empty() ? c.o.skeleton : std::string();
        failure = sudoku::sandbox::enter_new_root(plan, c.o.fail_step, skeleton);
    }
    if (failure) {
        errno = failure->error;
        c.die("new root (" + failure->step + "): " + failure->what);
    }
    close(plan.box_fd);
    return sudoku::sandbox::kBoxInside;
}

// Without namespaces there is no root to bind into: arguments naming an inside path of --ro get
// the host path.
Options with_host_paths(const Options& o) {
    Options outside = o;
    for (auto& arg : outside.argv)
        for (auto& bind : o.read_only)
            if (arg == bind.inside) arg = bind.host;
    return outside;
}

// Without a pid namespace, orphans of the program come to init rather than to the host's init, so
// that the runner's /proc walk (tree_usage.hpp) still finds the whole tree.
void become_subreaper(const Child& c) {
    if (c.place.in_namespace || !c.tree_polled()) return;
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) c.die("prctl(PR_SET_CHILD_SUBREAPER)");
}

// As pid 1, init also reaps orphans; it stops at the program's own end.
ProgramEnd wait_for_program(pid_t program) {
    ProgramEnd end;
    for (;;) {
        int status;
        rusage ru;
        pid_t p = wait4(-1, &status, 0, &ru);
        if (p < 0 && errno == EINTR) continue;
        if (p < 0) _exit(126);
        if (p == program) {
            end.status = status;
            end.usage = ru;
            return end;
        }
    }
}

// ---- the program's checklist (after init's fork)

void redirect_stdio(const Child& c, const Redirections& r) {
    signal(SIGPIPE, SIG_DFL);  // --serve ignores it; the program gets the default back
    if (dup2(r.in, 0) < 0 || dup2(r.out, 1) < 0 || dup2(r.err, 2) < 0) c.die("redirect");
}

void enter_box(const Child& c, const std::string& box) {
    if (chdir(box.c_str()) != 0) c.die("chdir " + box);
}

// Fail closed: a limit that cannot be set ends the run as a judge fault, naming the limit.
// `step`: the --fail-step word of this limit alone (setrlimit makes every limit fail).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): setrlimit's own order, resource an RLIMIT_ constant
void set_limit(const Child& c, int resource, const char* name, rlim_t value, const char* step = "setrlimit") {
    rlimit r{value, value};
    if (step_fails(c.o, "setrlimit") || step_fails(c.o, step) || setrlimit(resource, &r) != 0)
        c.die(std::string("setrlimit(") + name + ")");
}

// Under the user clock the runner never stops a program that spends its time in the kernel; LemonLime's
// watcher has the kernel do it: SIGXCPU at the limit's whole seconds of user and system time (a TLE).
void set_cpu_backstop_as_lemonlime(const Child& c) {
    const auto whole = static_cast<rlim_t>(std::ceil(c.o.cpu));
    rlimit r{whole, whole + 1};
    if (step_fails(c.o, "setrlimit") || setrlimit(RLIMIT_CPU, &r) != 0) c.die("setrlimit(RLIMIT_CPU)");
}

void set_rlimits(const Child& c) {
    const Options& o = c.o;
    // backstop; the runner kills first
    if (o.cpu_clock == sudoku::judge::CpuClock::user)
        set_cpu_backstop_as_lemonlime(c);
    else
        set_limit(c, RLIMIT_CPU, "RLIMIT_CPU", static_cast<rlim_t>(std::ceil(o.cpu_hard)) + 1);
    set_limit(c, RLIMIT_FSIZE, "RLIMIT_FSIZE", static_cast<rlim_t>(o.fsize_kib + 1) * 1024);
    set_limit(c, RLIMIT_STACK, "RLIMIT_STACK",
              o.stack_mib <= 0 ? RLIM_INFINITY : static_cast<rlim_t>(o.stack_mib) << 20);
    set_limit(c, RLIMIT_CORE, "RLIMIT_CORE", 0);
    set_limit(c, RLIMIT_NOFILE, "RLIMIT_NOFILE", kOpenFiles, "nofile");
    // Without cgroups the address space is the limit, unless the runner polls the tree's resident
    // memory (tree_usage.hpp): then only a wide backstop, so that a reserved, untouched array is
    // not a crash at exec and a touched one is MLE, as with cgroups.
    if (o.memory_rule == sudoku::judge::MemoryRule::address_space)
        set_limit(c, RLIMIT_AS, "RLIMIT_AS", static_cast<rlim_t>(o.mem_mib) << 20);  // LemonLime's rule
    else if (c.cg.version == CgroupsState::off)
        set_limit(c, RLIMIT_AS, "RLIMIT_AS",
                  static_cast<rlim_t>(c.tree_polled() ? 4 * o.mem_hard_mib + 256 : o.mem_hard_mib) << 20);
    // Without a pids controller the process count is an rlimit: root's is per user (the program's
    // uid), a user namespace's counts that namespace only.
    if (!c.cg.pids_limited && (getuid() == 0 || c.place.in_user_namespace))
        set_limit(c, RLIMIT_NPROC, "RLIMIT_NPROC", o.procs);
}

void drop_privileges(const Child& c) {
    if (getuid() != 0) return;
    if (setgroups(0, nullptr) != 0 || setgid(c.o.gid) != 0 || setuid(c.o.uid) != 0) c.die("drop privileges");
}

void forbid_new_privileges(const Child& c) {
    if (step_fails(c.o, "no-new-privs") || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        c.die("prctl(PR_SET_NO_NEW_PRIVS)");
}

// Only 0, 1 and 2 cross into the program. Whatever else the runner holds came from the judge or
// the judge's parent (`flock DIR sudoku-judge grade` leaves DIR open), and a directory descriptor
// reaches every file below it through /proc/self/fd, outside the program's root. Close-on-exec
// rather than closed, so that the error pipe still tells a failed exec. close_range marks them all
// at once (Linux 5.11); before it, each descriptor /proc/self/fd lists.
void close_inherited_descriptors(const Child& c) {
    if (step_fails(c.o, "close-fds")) c.die("close the inherited descriptors");
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
    DIR* d = opendir("/proc/self/fd");
    if (!d) c.die("close the inherited descriptors (close_range, then /proc/self/fd)");
    while (dirent* e = readdir(d)) {
        const int fd = std::atoi(e->d_name);
        if (fd > 2 && fd != dirfd(d) && fcntl(fd, F_SETFD, FD_CLOEXEC) != 0)
            c.die("close the inherited descriptor " + std::to_string(fd));
    }
    closedir(d);
}

// Last: the filter would refuse the setup calls above (and needs no_new_privs).
void load_seccomp(const Child& c) {
    if (step_fails(c.o, "seccomp")) c.die("seccomp filter");
    if (std::string failed = sudoku::sandbox::load_syscall_filter(); !failed.empty())
        c.die("seccomp filter (" + failed + ")");
}

// execve, not execvpe: a file that is not a program must fail, not be handed to /bin/sh.
// ETXTBSY: some other process of the judge still held a writable descriptor to the program for an
// instant (a spawn racing a copy); it goes away within milliseconds.
[[noreturn]] void exec(const Child& c, const std::string& box) {
    const Options& o = c.o;
    std::vector<std::string> env = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + box, "LANG=C"};
    env.insert(env.end(), o.env.begin(), o.env.end());
    std::vector<char*> envp, args;
    for (auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    for (auto& a : o.argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    if (o.argv[0].find('/') != std::string::npos)
        for (int attempt = 0; attempt < 50; ++attempt) {
            execve(args[0], args.data(), envp.data());
            if (errno != ETXTBSY) break;
            usleep(2000);
        }
    else
        for (const char* dir : {"/usr/local/bin/", "/usr/bin/", "/bin/"})
            if (execve((dir + o.argv[0]).c_str(), args.data(), envp.data()) != 0 && errno != ENOENT) break;
    c.die("exec " + o.argv[0]);
}

[[noreturn]] void program_main(const Child& c, const Redirections& r, const std::string& box) {
    redirect_stdio(c, r);
    enter_box(c, box);
    set_rlimits(c);
    drop_privileges(c);
    forbid_new_privileges(c);
    close_inherited_descriptors(c);
    load_seccomp(c);
    exec(c, box);
}

}  // namespace

pid_t clone_init(const Options& o, RunPlace& place, int& mapped) {
    place = RunPlace{};
    mapped = -1;
    if (!o.namespaces) return fork();
    const bool rootless = getuid() != 0;
    int sync[2] = {-1, -1};
    if (rootless && pipe2(sync, O_CLOEXEC) != 0) return -1;
    // Root's runs join the runner's empty network (slot_network.hpp); a user namespace gets its own.
    // Joining the root namespace, init needs no mount namespace of its own from clone.
    long flags = (joins_root_namespace(o) ? 0 : CLONE_NEWNS) | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS |
                 (rootless ? CLONE_NEWUSER | (o.share_net ? 0 : CLONE_NEWNET) : 0);
    pid_t pid = static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
    if (pid == 0 && rootless) {
        close(sync[1]);
        mapped = sync[0];
    } else if (rootless) {
        close(sync[0]);
        if (pid > 0 && map_caller(pid)) (void)!write(sync[1], "m", 1);
        close(sync[1]);  // without the byte init fails the run ("user namespace not mapped")
    }
    if (pid < 0) return fork();
    place.in_namespace = true;
    place.in_user_namespace = rootless;
    return pid;
}

void init_main(const Options& o, const Cgroups& cg, const RunPlace& place, InitChannels channels) {
    const int mapped = channels.mapped, error_fd = channels.error, end_fd = channels.end;
    const Child c{o, cg, place, error_fd};
    die_with_runner(c);
    wait_for_user_maps(c, mapped);
    if (!place.in_namespace) setpgid(0, 0);
    make_first_oom_victim(c);
    join_cgroups(c);
    const Redirections r = open_redirections(c);
    give_outputs_to_program(c, r);
    join_slot_network(c);
    const std::string box = place.in_namespace ? enter_root(c) : o.dir;
    const Options program_options = place.in_namespace || o.read_only.empty() ? o : with_host_paths(o);
    become_subreaper(c);
    const double start = now_s();
    const pid_t program = fork();
    if (program < 0) c.die("fork");
    if (program == 0) program_main(Child{program_options, cg, place, error_fd}, r, box);
    close(error_fd);
    ProgramEnd end = wait_for_program(program);
    end.wall = now_s() - start;
    // Measured here, before init kills what the program left: the runner's last poll may be 1 ms old.
    if (c.tree_polled()) end.tree = tree_usage(getpid(), o.procs);
    (void)!write(end_fd, &end, sizeof end);
    if (!place.in_namespace) kill(0, SIGKILL);  // the program's leftovers in init's process group (and init)
    _exit(0);                                   // in a pid namespace this kills every process the program left behind
}

}  // namespace sudoku_sandbox
