// Running a checker program in the sandbox (checker_program.hpp).
#include "checker_program.hpp"

#include <sys/stat.h>

#include <fstream>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

constexpr std::streamsize kMaxBoxFileBytes = 64 << 10;

}  // namespace

std::optional<std::string> box_file(const fs::path& file) {
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<size_t>(kMaxBoxFileBytes), '\0');
    in.read(text.data(), kMaxBoxFileBytes);
    text.resize(static_cast<size_t>(in.gcount()));
    return text;
}

std::variant<RunRecord, CheckResult> run_checker_program(const char* what, std::vector<std::string> argv,
                                                         std::vector<ReadOnlyBind> files_inside,
                                                         const CheckFiles& files) {
    std::error_code ec;
    fs::remove_all(files.scratch, ec);  // what an earlier run left; a link there is removed, not followed
    fs::create_directories(files.scratch, ec);
    // The checker may run as another user than the judge: its box is its to write.
    fs::permissions(files.scratch, fs::perms::all, ec);
    if (ec) return CheckResult::fail(std::string("judge fault: preparing the ") + what + "'s folder: " + ec.message());
    RunRequest r;
    r.read_only = read_only_at_own_paths(files.read_only_dirs);
    r.read_only.insert(r.read_only.end(), files_inside.begin(), files_inside.end());
    r.argv = std::move(argv);
    r.work_dir = files.scratch;
    r.stdout_file = files.scratch / kCheckerStdout;
    r.stderr_file = files.scratch / kCheckerStderr;
    r.limits =
        RunLimits{.cpu_s = 10, .wall_s = 20, .memory_mib = 1024, .stack_mib = -1, .output_kib = 1024, .processes = 8};
    RunRecord run = run_sandboxed(r);
    if (!run.error.empty()) return CheckResult::fail(run.error);
    if (run.killed_by != KilledBy::none)
        return CheckResult::fail(std::string(what) + " exceeded its " + std::string(to_string(run.killed_by)) +
                                 " limit");
    if (run.signal) return CheckResult::fail(std::string(what) + " killed by signal " + std::to_string(*run.signal));
    return run;
}

std::string in_box(const char* name) { return std::string(kBoxInsidePath) + "/" + name; }

}  // namespace sudoku::judge
