// Spawning the runner helper and reading its record (contract: docs/judge.md, "The runner").
#include "sudoku/judge/runner_client/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

#include "runner_client/spawn.hpp"
#include "sudoku/judge/files/no_follow.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

std::string seconds(double s) {
    std::ostringstream out;
    out << s;
    return out.str();
}

std::vector<std::string> helper_arguments(const RunRequest& r) {
    const RunLimits& l = r.limits;
    std::vector<std::string> a = {"--dir",      r.work_dir.string(),
                                  "--stdin",    r.stdin_file.string(),
                                  "--stdout",   r.stdout_file.string(),
                                  "--stderr",   r.stderr_file.string(),
                                  "--cpu",      seconds(l.cpu_s),
                                  "--wall",     seconds(l.wall_or_default()),
                                  "--wall-cap", seconds(l.wall_cap_or_default()),
                                  "--mem",      std::to_string(l.memory_mib),
                                  "--stack",    std::to_string(l.stack_mib < 0 ? l.memory_mib : l.stack_mib),
                                  "--fsize",    std::to_string(l.output_kib),
                                  "--procs",    std::to_string(l.processes)};
    if (r.core >= 0) a.insert(a.end(), {"--core", std::to_string(r.core)});
    if (l.cpu_clock != CpuClock::user_and_system)
        a.insert(a.end(), {"--cpu-clock", std::string(to_string(l.cpu_clock))});
    if (l.memory_rule != MemoryRule::resident)
        a.insert(a.end(), {"--memory-rule", std::string(to_string(l.memory_rule))});
    for (auto& b : r.read_only)
        a.insert(a.end(), {"--ro", b.host.string() + (b.inside.empty() ? "" : ":" + b.inside.string())});
    for (auto& e : r.env) a.insert(a.end(), {"--env", e});
    if (!r.namespaces) a.push_back("--no-namespaces");
    if (!r.cgroups) a.push_back("--no-cgroups");
    a.push_back("--");
    a.insert(a.end(), r.argv.begin(), r.argv.end());
    return a;
}

RunRecord failed(std::string why) {
    RunRecord r;
    r.error = std::move(why);
    return r;
}

// How a runner that stopped answering ended, for the judge fault's reason: a runner killed by a
// signal (the OOM killer's SIGKILL among them) is told from one that exited.
std::string runner_end(int status) {
    if (WIFSIGNALED(status)) return "the runner was killed by signal " + std::to_string(WTERMSIG(status));
    if (WIFEXITED(status)) return "the runner exited with status " + std::to_string(WEXITSTATUS(status));
    return "the runner's end is unknown";
}

}  // namespace

std::vector<ReadOnlyBind> read_only_at_own_paths(const std::vector<fs::path>& dirs) {
    std::vector<ReadOnlyBind> binds;
    for (const auto& d : dirs) binds.push_back({fs::absolute(d), {}});
    return binds;
}

#ifndef SUDOKU_RUNNER_FROM_BINDIR  // set by judge/CMakeLists.txt; GNUInstallDirs' defaults otherwise (fuzz/)
#define SUDOKU_RUNNER_FROM_BINDIR "../libexec/sudoku"
#endif

// Installed, the judge is <prefix>/bin/sudoku-judge and the runner <prefix>/libexec/sudoku/
// (SUDOKU_RUNNER_FROM_BINDIR, from GNUInstallDirs), and nothing else: a judge whose runner is
// missing fails naming that place, rather than look for one in places others may write. Run from
// the build tree that made it (SUDOKU_BUILD_DIR), the judge, its tests and benchmarks run the
// runner that build made (SUDOKU_BUILD_RUNNER), recorded at build time.
fs::path sandbox_executable() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};  // no place to trust: the spawn fails naming an empty path
#ifdef SUDOKU_BUILD_RUNNER
    const fs::path build = SUDOKU_BUILD_DIR;
    const auto [build_end, self_at] = std::mismatch(build.begin(), build.end(), self.begin(), self.end());
    if (build_end == build.end()) return SUDOKU_BUILD_RUNNER;
#endif
    return (self.parent_path() / SUDOKU_RUNNER_FROM_BINDIR / "sudoku-sandbox").lexically_normal();
}

namespace {

enum class RunnerPlace { above, folder, file };

// What makes `place` (open as `fd`) on the runner's path unsafe, "" when nothing.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the place, then the runner it leads to
std::string place_unsafe(int fd, const fs::path& place, const fs::path& runner, RunnerPlace kind) {
    struct stat st {};
    if (fstat(fd, &st) != 0)
        return "the runner " + runner.string() + " cannot be used: " + place.string() + ": " + std::strerror(errno);
    const bool file = kind == RunnerPlace::file;
    if (file ? !S_ISREG(st.st_mode) : !S_ISDIR(st.st_mode))
        return "the runner " + runner.string() + " is refused: " + place.string() + " is not a " +
               (file ? "regular file" : "folder") + " (a link is never followed)";
    if (geteuid() == 0 && st.st_uid != 0)
        return "the runner " + runner.string() + " is refused: " + place.string() + " is owned by uid " +
               std::to_string(st.st_uid) + ", expected root's (the judge runs it as root)";
    const bool sticky_above = kind == RunnerPlace::above && (st.st_mode & S_ISVTX) != 0;
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && !sticky_above)
        return "the runner " + runner.string() + " is refused: " + place.string() +
               " is writable by its group or by others";
    return "";
}

}  // namespace

int open_runner(const fs::path& runner, std::string& why) {
    if (!runner.is_absolute() || !runner.has_filename()) {
        why = "the runner '" + runner.string() + "' cannot be used: not an absolute path to a file";
        return -1;
    }
    const fs::path folder = runner.parent_path();
    fs::path reached = runner.root_path();
    int at = open(reached.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (at >= 0) why = place_unsafe(at, reached, runner, folder == reached ? RunnerPlace::folder : RunnerPlace::above);
    for (const fs::path& part : folder.relative_path()) {
        if (at < 0 || !why.empty()) break;
        reached /= part;
        const int next = openat(at, part.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
        close(at);
        at = next;
        if (at >= 0)
            why = place_unsafe(at, reached, runner, reached == folder ? RunnerPlace::folder : RunnerPlace::above);
    }
    int fd = -1;
    if (at >= 0 && why.empty()) {
        fd = openat(at, runner.filename().c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) why = place_unsafe(fd, runner, runner, RunnerPlace::file);
        reached = runner;
    }
    if (why.empty() && (at < 0 || fd < 0))
        why = "the runner " + runner.string() + " cannot be used: " + reached.string() + ": " + std::strerror(errno);
    if (at >= 0) close(at);
    if (!why.empty() && fd >= 0) close(fd);
    return why.empty() ? fd : -1;
}

std::string runner_unsafe(const fs::path& runner) {
    std::string why;
    const int fd = open_runner(runner, why);
    if (fd >= 0) close(fd);
    return why;
}

namespace {
// A field of the record as a number; a record the runner garbled is a judge fault, never a throw.
template <class Number>
bool read_number(const std::string& value, Number& out) {
    std::istringstream in(value);
    Number v{};
    if (!(in >> v) || !(in >> std::ws).eof()) return false;
    out = v;
    return true;
}

// A state of the record by its word; a word outside the state's table is a bad line.
template <class State>
bool read_state(const std::string& value, State& out) {
    auto state = from_string<State>(value);
    if (state) out = *state;
    return state.has_value();
}
}  // namespace

RunRecord parse_run_record(const std::string& text) {
    RunRecord r;
    std::string bad;
    std::istringstream in(text);
    std::string line;
    bool any = false;
    while (std::getline(in, line)) {
        auto colon = line.find(": ");
        if (colon == std::string::npos) continue;
        std::string key = line.substr(0, colon), value = line.substr(colon + 2);
        any = true;
        int number = 0;
        bool ok = true;
        if (key == record_key::cpu)
            ok = read_number(value, r.cpu_s);
        else if (key == record_key::wall)
            ok = read_number(value, r.wall_s);
        else if (key == record_key::waited)
            ok = read_number(value, r.waited_s) && r.waited_s >= 0;
        else if (key == record_key::peak_kib)
            ok = read_number(value, r.peak_kib);
        else if (key == record_key::exit_code)
            ok = read_number(value, number) && (r.exit_code = number, true);
        else if (key == record_key::signal)
            ok = read_number(value, number) && (r.signal = number, true);
        else if (key == record_key::killed_by)
            ok = read_state(value, r.killed_by);
        else if (key == record_key::oom)
            r.oom = value == "1";
        else if (key == record_key::cgroups)
            ok = read_state(value, r.cgroups);
        else if (key == record_key::namespaces)
            ok = read_state(value, r.namespaces);
        else if (key == record_key::uid)
            ok = read_number(value, r.uid);
        else if (key == record_key::core)
            ok = read_number(value, r.core);
        else if (key == record_key::error)
            r.error = value;
        if (!ok && bad.empty()) bad = line;
    }
    if (!any)
        r.error = "the sandbox wrote no result record";
    else if (!bad.empty() && r.error.empty())
        r.error = "the sandbox's result record has a bad line: " + bad;
    return r;
}

RunRecord run_sandboxed(const RunRequest& request) {
    const fs::path runner_path = sandbox_executable();
    std::string why;
    const int checked = open_runner(runner_path, why);
    if (checked < 0) return failed(why);
    std::vector<std::string> args = helper_arguments(request);
    args.insert(args.begin(), runner_path.string());

    SpawnedProcess runner = spawn_with_pipes(std::move(args), false, checked);
    close(checked);
    if (!runner.error.empty()) return failed(runner.error);
    std::string text = read_to_end(runner.from_child);
    int status = wait_for_exit(runner.pid);
    RunRecord record = parse_run_record(text);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        record.error = "the sandbox failed (status " + std::to_string(status) + ")" +
                       (record.error.empty() ? "" : ": " + record.error);
    return record;
}

std::string SandboxSession::start() {
    std::string why;
    const int checked = open_runner(sandbox_executable(), why);
    if (checked < 0) return why;
    SpawnedProcess runner = spawn_with_pipes({sandbox_executable().string(), "--serve"}, true, checked);
    close(checked);
    if (!runner.error.empty()) return runner.error;
    pid_ = runner.pid;
    to_runner_ = runner.to_child;
    from_runner_ = runner.from_child;
    return "";
}

int SandboxSession::stop() {
    if (pid_ < 0) return 0;
    close(to_runner_);  // EOF: the runner leaves and removes its cgroups
    close(from_runner_);
    const int status = wait_for_exit(pid_);
    pid_ = to_runner_ = from_runner_ = -1;
    return status;
}

SandboxSession::~SandboxSession() { stop(); }

RunRecord SandboxSession::run(const RunRequest& request, const std::atomic<bool>* interrupt) {
    std::vector<std::string> args = helper_arguments(request);
    std::string message = std::to_string(args.size()) + "\n";
    for (auto& a : args) {
        if (a.find('\n') != std::string::npos) return failed("an argument holds a newline: " + a);
        message += a + "\n";
    }
    if (pid_ < 0)
        if (std::string why = start(); !why.empty()) return failed(why);
    if (write(to_runner_, message.data(), message.size()) != static_cast<ssize_t>(message.size()))
        return failed("the sandbox session ended unexpectedly (" + runner_end(stop()) + ")");
    std::string text;
    char buf[4096];
    bool told_to_stop = false;
    while (text.size() < 4 || text.compare(text.size() - 4, 4, "end\n") != 0) {
        if (interrupt && !told_to_stop) {
            pollfd p{from_runner_, POLLIN, 0};
            if (poll(&p, 1, 20) == 0) {
                if (interrupt->load()) {
                    kill(pid_, SIGTERM);
                    told_to_stop = true;
                }
                continue;
            }
        }
        ssize_t n = read(from_runner_, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return failed("the sandbox session ended unexpectedly (" + runner_end(stop()) + ")");
        text.append(buf, n);
    }
    return parse_run_record(text.substr(0, text.size() - 4));
}

std::string ProtectionProbe::describe() const {
    return error.empty() ? protections.describe() : "sandbox unavailable: " + error;
}

ProtectionProbe probe_protections(const fs::path& scratch_dir, const RunRequest& wanted) {
    try {
        remove_no_follow(scratch_dir);  // the runner gives it to uid 65534: never a folder a link names
        make_folders_no_follow(scratch_dir);
    } catch (const OutputError& e) {
        return ProtectionProbe{Protections{}, e.what()};
    }
    RunRequest r = wanted;
    r.argv = {"/bin/true"};
    r.work_dir = scratch_dir;
    r.stdin_file = r.stdout_file = r.stderr_file = "/dev/null";
    RunRecord rec = run_sandboxed(r);
    return ProtectionProbe{rec.protections(), rec.error};
}

}  // namespace sudoku::judge
