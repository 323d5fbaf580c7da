// One sandboxed run: the judge's side of the runner helper `sudoku-sandbox`.
//
// The runner's options and its result record are documented in one place, docs/judge.md
// ("The runner"); RunLimits and RunRecord mirror them field for field. The runner measures and
// enforces; the verdict is decided elsewhere (sudoku/judge/grading/verdict.hpp), from these facts only.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/judge/runner_client/protections.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::judge {

// Every limit has a soft side (the verdict threshold) and a hard side (where the run is stopped);
// the hard sides are derived by the runner as documented (CPU +0.1 s, wall +0.2 s, memory
// +1/8+16 MiB, output +1 KiB).
struct RunLimits {
    double cpu_s = 1.0;
    double wall_s = -1;          // -1: default_wall_s(cpu_s)
    double wall_cap_s = -1;      // -1: default_wall_cap_s(cpu_s, wall limit); the wait for a CPU counted
    long long memory_mib = 128;  // resident peak of the whole process tree (cgroup)
    long long stack_mib = -1;    // -1: as much as the memory limit (NOI convention)
    long long output_kib = 64;   // any single file the program writes
    int processes = 64;          // processes and threads together
    CpuClock cpu_clock = CpuClock::user_and_system;
    MemoryRule memory_rule = MemoryRule::resident;

    double wall_or_default() const { return wall_s > 0 ? wall_s : default_wall_s(cpu_s); }
    double wall_cap_or_default() const {
        return wall_cap_s > 0 ? wall_cap_s : default_wall_cap_s(cpu_s, wall_or_default());
    }
};

// A host file or directory the program sees read-only in its root, at `inside` (an absolute path;
// empty: the host path). Nothing else of the host is there besides the system files.
struct ReadOnlyBind {
    std::filesystem::path host, inside;
};

// The same directories at their own paths (the contest's read_only_dirs).
std::vector<ReadOnlyBind> read_only_at_own_paths(const std::vector<std::filesystem::path>& dirs);

struct RunRequest {
    std::vector<std::string> argv;   // argv[0] is looked up in the work directory or on PATH
    std::filesystem::path work_dir;  // becomes the program's cwd; its only writable place
    std::filesystem::path stdin_file = "/dev/null", stdout_file = "/dev/null", stderr_file = "/dev/null";
    RunLimits limits;
    std::vector<ReadOnlyBind> read_only;  // beside the system files (docs/judge.md, "The program's root")
    int core = -1;                        // pin to this CPU core
    bool namespaces = true, cgroups = true;
    std::vector<std::string> env;  // extra K=V
};

// The runner's result record: what happened, no judgement.
struct RunRecord {
    double cpu_s = 0, wall_s = 0;
    // Of wall_s, the time the program was ready to run but waited for a CPU other processes held
    // (the kernel's schedstat): the wall limit leaves it out, so the load does not make a TLE.
    double waited_s = 0;
    long long peak_kib = 0;
    std::optional<int> exit_code;  // exactly one of exit_code and signal is set on success
    std::optional<int> signal;
    KilledBy killed_by = KilledBy::none;  // the runner stopped it at that hard limit
    bool oom = false;                     // the memory hard limit was hit
    CgroupsState cgroups = CgroupsState::off;
    NamespacesState namespaces = NamespacesState::off;
    int uid = -1;
    int core = -1;      // the CPU the run was pinned to, -1 for none
    std::string error;  // non-empty: the run itself failed (a judge fault)

    Protections protections() const { return Protections{cgroups, namespaces, uid, core >= 0}; }
};

// Runs through the helper; a failure to run the helper at all comes back as RunRecord::error.
RunRecord run_sandboxed(const RunRequest& request);

// A long-lived runner (`sudoku-sandbox --serve`) for many runs in a row, one per judge slot: it
// joins its cgroups once instead of once per run (see docs/judge.md). Not thread-safe: one
// session per thread. A session that dies is restarted by the next run.
class SandboxSession {
public:
    SandboxSession() = default;
    ~SandboxSession();
    SandboxSession(const SandboxSession&) = delete;
    SandboxSession& operator=(const SandboxSession&) = delete;

    // `interrupt` set while the run is in progress: the runner is sent SIGTERM, kills the run, removes
    // its cgroups and answers with a record whose `error` says it was interrupted.
    RunRecord run(const RunRequest& request, const std::atomic<bool>* interrupt = nullptr);

private:
    std::string start();  // "" when the runner started, why not otherwise
    int stop();           // the runner's wait status
    int pid_ = -1, to_runner_ = -1, from_runner_ = -1;
};

// Parses the record text the runner writes (also used by tests).
RunRecord parse_run_record(const std::string& text);

// The runner's one place: the installed judge's own libexec/sudoku/ runner, or, for an executable
// of the build tree, the runner that build made.
std::filesystem::path sandbox_executable();

// Why the runner at `path` must not be run, "" when it may: it and its folder must be a regular
// file and a folder (never links) that neither group nor others can write, root's own when the
// judge is root (it then runs the runner as root).
std::string runner_unsafe(const std::filesystem::path& path);

// The runner at `path` opened once (O_PATH), every folder from `/` down and the file itself checked
// on the descriptors of the walk (no link followed): the judge runs that descriptor's file, so a
// file put at the path after the check is never run. Every folder above the runner's own must be
// as safe, or sticky like /tmp (then only the next folder's owner can replace it). -1 with `why`
// set when the runner must not be run; the caller closes the descriptor.
int open_runner(const std::filesystem::path& path, std::string& why);

// What this machine gives runs asking for `wanted` (namespaces, cgroups, the CPU pin), probed by
// one trivial run: the start-up line, and the contest's protections when no run is journaled.
struct ProtectionProbe {
    Protections protections;
    std::string error;  // non-empty: the sandbox cannot run at all
    std::string describe() const;
};
ProtectionProbe probe_protections(const std::filesystem::path& scratch_dir, const RunRequest& wanted = {});

}  // namespace sudoku::judge
