// Compiling in the sandbox: the compiler gets the same isolation as a contestant's program
// (`#include </dev/urandom>` or a template bomb hits the compile limits, not the judge).
#include "sudoku/judge/grading/compile.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "contest/submission_file.hpp"
#include "grading/java_source.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/judge/files/no_follow.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

std::string head_of(const fs::path& file, long long limit_bytes) {
    const auto opened = open_bounded_file(file, kMaxDataBytes, Links::refuse);
    if (!std::holds_alternative<OpenedFile>(opened)) return "";
    const OpenedFile& messages = std::get<OpenedFile>(opened);
    const auto limit = static_cast<size_t>(limit_bytes);
    std::string text(limit, '\0');
    size_t got = 0;
    while (got < limit) {
        const ssize_t n = read(messages.fd(), text.data() + got, limit - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    text.resize(got);
    if (got == limit && messages.size() > limit)
        text += "\n[compiler messages cut at " + std::to_string(limit_bytes / 1024) + " KiB]";
    return text;
}

// What the compiler said, on both streams (fpc writes its errors on stdout, gcc on stderr), cut
// at `limit_bytes` together.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): stdout then stderr, as the run names them
std::string compiler_messages(const fs::path& stdout_file, const fs::path& stderr_file, long long limit_bytes) {
    std::string text = head_of(stdout_file, limit_bytes);
    const long long left = limit_bytes - static_cast<long long>(text.size());
    if (left > 0) {
        std::string err = head_of(stderr_file, left);
        if (!text.empty() && !err.empty() && text.back() != '\n') text += '\n';
        text += err;
    }
    return text;
}

// The compiler failed for want of room, not for the source: it says "No space left on device" (or
// could not even write its messages) and the build disk has less room than a binary may take.
// A regular file, not a link the compiler left under the program's name.
bool is_plain_file(const fs::path& p) {
    struct stat st {};
    return lstat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool build_disk_full(const fs::path& build_dir, const std::string& log, const CompileSettings& settings) {
    struct statvfs disk;
    const bool says_so = log.empty() || log.find(std::strerror(ENOSPC)) != std::string::npos;
    if (!says_so || statvfs(build_dir.c_str(), &disk) != 0) return false;
    const double free_bytes = static_cast<double>(disk.f_bavail) * static_cast<double>(disk.f_frsize);
    return free_bytes < static_cast<double>(settings.binary_limit_mib) * 1024 * 1024;
}

// Whether the compiler wrote a file up to its size limit, where RLIMIT_FSIZE stopped it: in `box`,
// or in its /tmp (an object file), which the compiler's driver reports as SIGXFSZ's name ("g++:
// internal compiler error: File size limit exceeded signal terminated program as").
bool wrote_past_limit(const fs::path& box, const std::string& log, const CompileSettings& settings) {
    if (log.find("File size limit exceeded") != std::string::npos) return true;
    const auto limit = static_cast<std::uintmax_t>(settings.binary_limit_mib) << 20;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(box, fs::directory_options::none, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        struct stat st {};
        if (lstat(it->path().c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            static_cast<std::uintmax_t>(st.st_size) >= limit)
            return true;
    }
    return false;
}

// The compiler's limits: the contest's compile time and memory, and a binary's size as its output.
RunLimits compile_limits(const CompileSettings& settings) {
    return RunLimits{.cpu_s = settings.time_limit_s,
                     .wall_s = settings.time_limit_s * 2 + 1,
                     .memory_mib = settings.memory_mib,
                     .stack_mib = -1,
                     .output_kib = settings.binary_limit_mib * 1024,
                     .processes = 64};
}

// A kept program is root's and read-only. The compiler wrote it as the run's uid, and without
// namespaces every program runs as that uid and sees the host's files: one contestant's program
// could otherwise rewrite another's. Links inside an interpreted program's folder are left as they are.
void seal_program(const fs::path& program, std::error_code& ec) {
    if (geteuid() != 0) return;
    const auto seal = [](const fs::path& p) {
        struct stat st {};
        if (lstat(p.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) return true;
        return lchown(p.c_str(), 0, 0) == 0 && chmod(p.c_str(), st.st_mode & 0555) == 0;
    };
    bool sealed = seal(program);
    if (fs::is_directory(fs::symlink_status(program)))
        for (auto it = fs::recursive_directory_iterator(program, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec))
            sealed = seal(it->path()) && sealed;
    if (!sealed && !ec) ec = std::error_code(errno, std::generic_category());
}

// What the compiler's run makes of the submission: a kept program, a CE with the compiler's `log`,
// or a judge fault. `box` (build_dir/box) holds what the compiler wrote.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): build directory then program name, as compile_submission
void record_compile_run(CompileResult& result, const RunRecord& run, const std::string& log, const Language& language,
                        const fs::path& build_dir, const std::string& name, const CompileSettings& settings) {
    const fs::path box = build_dir / "box";
    std::error_code ec;
    if (!run.error.empty()) {
        result.judge_fault = true;
        result.message = run.error;
    } else if (run.killed_by == KilledBy::output || (run.exit_code != 0 && wrote_past_limit(box, log, settings))) {
        result.message = "compilation exceeded the judge's compile output_limit of " +
                         std::to_string(settings.binary_limit_mib) +
                         " MiB for a file (CONTEST.yaml compile: output_limit)\n" + log;
    } else if (run.killed_by != KilledBy::none || run.cpu_s > settings.time_limit_s) {
        result.message = "compilation exceeded " + std::to_string(settings.time_limit_s).substr(0, 4) + " s\n" + log;
    } else if (run.oom || (run.exit_code != 0 && run.peak_kib >= settings.memory_mib * 1024)) {
        result.message = "compilation exceeded the judge's compile memory_limit of " +
                         std::to_string(settings.memory_mib) + " MiB (CONTEST.yaml compile: memory_limit)\n" + log;
    } else if (run.signal) {
        result.message = "compiler killed by signal " + std::to_string(*run.signal) + "\n" + log;
    } else if (run.exit_code != 0 && build_disk_full(build_dir, log, settings)) {
        result.judge_fault = true;  // not the contestant's CE: it is compiled again on a disk with room
        result.message = "the disk of " + build_dir.string() + " is full: " + std::strerror(ENOSPC) + "\n" + log;
    } else if (run.exit_code != 0 || (language.runs_binary() && !is_plain_file(box / name))) {
        result.message = log.empty() ? "the compiler failed without a message" : log;
    } else {
        result.ok = true;
        result.binary = build_dir / name;
        // A binary is the program; an interpreted language's program is the box (its sources).
        fs::rename(language.runs_binary() ? box / name : box, result.binary, ec);
        if (!ec) seal_program(result.binary, ec);
        if (ec) {
            result.ok = false;
            result.judge_fault = true;
            result.message = "cannot keep the program: " + ec.message();
        } else {
            result.message = log;  // warnings
        }
    }
}

JavaClasses classes_of(const fs::path& file, std::uintmax_t limit) {
    std::ifstream in(file, std::ios::binary);
    std::string source(static_cast<size_t>(limit), '\0');
    in.read(source.data(), static_cast<std::streamsize>(source.size()));
    source.resize(static_cast<size_t>(in.gcount()));
    return java_classes(source);
}

// For a language named by its class: the main source's name in the box (its public class's, else
// the program's) and the class to start from, with its package, written to kMainClassFile for the
// runs: the main source's class that declares main, else the first of the other files' that does
// (a folder whose entry file holds none). Returns false when no source declares a main method: a
// compile error after javac, as DOMjudge detects it. Only the first `limit` bytes of a source are
// read: a longer one is refused when it is copied.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the files, then the program's name, as compile_submission
bool name_by_class(const SubmissionFiles& files, const std::string& name, std::uintmax_t limit, const fs::path& box,
                   CommandWords& words) {
    const JavaClasses classes = classes_of(files.main, limit);
    const std::string stem = classes.public_class.empty() ? name : classes.public_class;
    words.main = stem + files.main.extension().string();
    words.main_class = classes.main_class.empty() ? stem : classes.qualified_main();
    bool found = classes.declares_main;
    for (const auto& other : files.files) {
        if (found) break;
        if (other == files.main || other.extension() != files.main.extension()) continue;
        const JavaClasses theirs = classes_of(other, limit);
        if (theirs.declares_main) words.main_class = theirs.qualified_main(), found = true;
    }
    std::ofstream(box / kMainClassFile, std::ios::binary) << words.main_class;
    return found;
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): source then build directory, as the header declares
CompileResult compile_source(const fs::path& source, const fs::path& build_dir, const std::string& name,
                             const CompileSettings& settings) {
    const std::vector<Language> languages = contest_languages(settings);
    SubmissionFiles files;
    files.main = source;
    files.files = {source};
    files.language = language_of(languages, source);
    if (!files.language) files.language = language_named(languages, "cpp");  // what it always was
    return compile_submission(files, build_dir, name, settings);
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): files then build directory, as the header declares
CompileResult compile_submission(const SubmissionFiles& files, const fs::path& build_dir, const std::string& name,
                                 const CompileSettings& settings) {
    CompileResult result;
    fs::path box = build_dir / "box";
    try {
        remove_no_follow(build_dir);
        make_folders_no_follow(box);
    } catch (const OutputError& e) {
        result.judge_fault = true;
        result.message = e.what();
        return result;
    }
    const Language& language = *files.language;
    result.language = language.name;
    if (!files.refusal.empty()) {
        result.refused = true;
        result.message = files.refusal;
        return result;
    }
    // The main source takes the program's name (<name>.cpp); a folder's others keep theirs.
    CommandWords words;
    words.exe = name;
    words.dir = kBoxInsidePath;
    words.main = name + files.main.extension().string();
    bool declares_main = true;
    try {
        const auto limit = static_cast<std::uintmax_t>(settings.source_limit_kib) * 1024;
        if (language.named_by_class) declares_main = name_by_class(files, name, limit, box, words);
        for (const auto& file : files.files) {
            const std::string inside = file == files.main ? words.main : file.filename().string();
            if (auto refusal = copy_submission(file, box / inside, limit, 0644)) {
                result.refused = true;
                result.message = *refusal;
                return result;
            }
            if (language_of({language}, inside)) words.sources.push_back(inside);
        }
    } catch (const fs::filesystem_error& e) {
        result.judge_fault = true;
        result.message = "cannot copy " + e.path1().string() + ": " + e.code().message();
        return result;
    }
    RunRequest r;
    r.argv = command_argv(language.compile, words);
    if (r.argv.empty() || find_tool(r.argv[0], settings.read_only_dirs).empty()) {
        result.message = "the " + language.name + " compiler '" + (r.argv.empty() ? "" : r.argv[0]) +
                         "' is not installed on this judge: " + language.name + " submissions cannot be graded here";
        return result;
    }
    r.work_dir = box;
    r.stdout_file = build_dir / "compile.stdout";
    r.stderr_file = build_dir / "compile.log";
    r.limits = compile_limits(settings);
    r.read_only = read_only_at_own_paths(settings.read_only_dirs);
    RunRecord run = run_sandboxed(r);
    result.cpu_s = run.cpu_s;
    record_compile_run(result, run, compiler_messages(r.stdout_file, r.stderr_file, settings.message_limit_kib * 1024),
                       language, build_dir, name, settings);
    if (result.ok && !declares_main) {
        // Nothing kept: a program to run is what a compile error does not leave.
        std::error_code ec;
        fs::remove_all(result.binary, ec);
        result.ok = false;
        result.message = "no class declares a main method (public static void main(String[] args)): nothing to run";
    }
    return result;
}

}  // namespace sudoku::judge
