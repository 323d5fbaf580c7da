// Grading a contest: compile phase, then run phase, both on a pool of `jobs` threads, each thread
// owning one run slot (a private directory and a pinned core).
#include "sudoku/judge/grading/grader.hpp"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "contest/submission_file.hpp"
#include "files/executable_copy.hpp"
#include "grading/grading_plan.hpp"
#include "grading/problem_checker.hpp"
#include "grading/program_digest.hpp"
#include "runner_client/judge_cgroups.hpp"
#include "sudoku/common/config_paths.hpp"
#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/files/no_follow.hpp"
#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/grading/cpu_allocation.hpp"
#include "sudoku/judge/grading/scoring.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/output/out_dir.hpp"
#include "sudoku/judge/runner_client/cgroup_sweep.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {
// The problem's own wall limit (problem.yaml, config.yaml: `wall_limit`), scaled as the CPU limit is
// for a slower language; else the default for the CPU limit the run has.
double wall_limit_of(const ProblemConfig& config, double cpu_s, double time_multiplier = 1) {
    return config.wall_limit_s > 0 ? config.wall_limit_s * time_multiplier : default_wall_s(cpu_s);
}
}  // namespace

RunLimits limits_of(const ProblemConfig& config, long long stack_mib) {
    RunLimits l;
    l.cpu_s = config.time_limit_s;
    l.wall_s = wall_limit_of(config, config.time_limit_s);
    l.memory_mib = config.memory_limit_mib;
    l.stack_mib = stack_mib;
    l.output_kib = config.output_limit_kib;
    l.processes = 64;
    return l;
}

namespace {

// What the program left in its box instead of the expected output file, for the MISSING reason.
std::string what_it_wrote(const fs::path& box, const ProblemConfig& config) {
    std::string names;
    int count = 0;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(box, ec)) {
        std::string n = e.path().filename().string();
        if (n == "prog" || n == config.input_file) continue;
        if (count++ < 5) names += (names.empty() ? "" : ", ") + n;
    }
    if (count == 0) return "it wrote no file (output on stdout is not read for this problem)";
    return "it wrote: " + names + (count > 5 ? ", ..." : "");
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): one caller; the output file, then the box it lies in
OutputFacts output_facts(const fs::path& output, const fs::path& box, const ProblemConfig& config) {
    OutputFacts f;
    struct stat st;
    if (lstat(output.c_str(), &st) != 0) {
        f.present = false;
        f.missing_hint = what_it_wrote(box, config);
    } else if (!S_ISREG(st.st_mode)) {
        f.present = false;  // never follow a link or open a FIFO the program planted
        f.missing_hint = config.output_file + " is " +
                         (S_ISLNK(st.st_mode)   ? "a symbolic link (not followed)"
                          : S_ISDIR(st.st_mode) ? "a directory"
                                                : "not a regular file");
    } else {
        f.size_bytes = st.st_size;
    }
    return f;
}

// Free room below which the work directory's disk counts as full: a program's write that failed
// there (ENOSPC) leaves the disk within a buffer of full, and its output empty or cut short.
constexpr unsigned long long kFullDiskRoomBytes = 1ULL << 20;

// Why the disk under `dir` is full (nearly no room for the program), or nothing. Read as an
// unprivileged program sees it (f_bavail: the blocks reserved for root are not the program's).
std::optional<std::string> full_disk(const fs::path& dir) {
    struct statvfs fs_info {};
    if (statvfs(dir.c_str(), &fs_info) != 0)
        return "cannot read the free room of " + dir.string() + ": " + std::strerror(errno);
    const unsigned long long room = static_cast<unsigned long long>(fs_info.f_bavail) * fs_info.f_frsize;
    if (room >= kFullDiskRoomBytes && fs_info.f_favail != 0) return std::nullopt;
    return "the disk of " + dir.string() + " is full (" + std::to_string(room / 1024) +
           " KiB free): the program's writes may have failed (" + std::strerror(ENOSPC) + ")";
}

}  // namespace

TestResult judge_test(const ContestProblem& problem, const TestCase& test, const fs::path& binary,
                      const RunSlot& slot) {
    return judge_program(problem, test, Program{binary}, slot);
}

namespace {

// Every regular file of a program folder into `to`, its folders too (a Java package's classes
// lie in zoo/goo/); links are left out.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): from, then to, as a copy reads
void put_folder(const fs::path& from, const fs::path& to) {
    for (const auto& e : fs::directory_iterator(from)) {
        if (e.is_symlink()) continue;
        if (e.is_directory()) {
            fs::create_directory(to / e.path().filename());
            put_folder(e.path(), to / e.path().filename());
        } else if (e.is_regular_file()) {
            copy_executable(e.path(), to / e.path().filename());
        }
    }
}

// The program into the box: a binary as ./prog, or a program folder's files.
void put_program(const Program& program, const fs::path& box) {
    struct stat st {};
    if (lstat(program.path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        copy_executable(program.path, box / kBoxProgramName);
        return;
    }
    put_folder(program.path, box);
}

// Where put_program left `program` in `box`: the binary, or the box of its files.
fs::path program_in_box(const Program& program, const fs::path& box) {
    struct stat st {};
    const bool folder = lstat(program.path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    return folder ? box : box / kBoxProgramName;
}

}  // namespace

TestResult judge_program(const ContestProblem& problem, const TestCase& test, const Program& program,
                         const RunSlot& slot) {
    const ProblemConfig& config = problem.config;
    TestResult result;
    result.problem = config.name;
    result.test = test.name;
    result.group = test.group;

    fs::path box = slot.dir / "box";
    fs::path output = config.uses_stdout() ? slot.dir / "stdout" : box / config.output_file;
    try {
        remove_no_follow(box);
        if (config.uses_stdout()) remove_no_follow(output);  // the runner makes it afresh
        make_folders_no_follow(box);
    } catch (const OutputError& e) {
        result.verdict = Verdict::FAIL;
        result.reason = std::string("judge fault: preparing the box: ") + e.what();
        return result;
    }
    RunRequest r;
    r.argv = program.argv;
    r.work_dir = box;
    r.limits = limits_of(config, slot.stack_mib);
    if (test.time_limit_s > 0)
        r.limits.cpu_s = test.time_limit_s;  // a test's own limits (an imported LemonLime test case's)
    if (test.memory_limit_mib > 0) r.limits.memory_mib = test.memory_limit_mib;
    r.limits.cpu_clock = problem.cpu_clock;
    r.limits.memory_rule = problem.memory_rule;
    r.limits.cpu_s *= program.time_multiplier;
    r.limits.wall_s = wall_limit_of(config, r.limits.cpu_s, program.time_multiplier);
    r.read_only = read_only_at_own_paths(slot.read_only_dirs);
    r.core = slot.core;
    r.namespaces = slot.namespaces;
    r.cgroups = slot.cgroups;
    try {
        put_program(program, box);
        if (!program.sha256.empty() && program_sha256(program_in_box(program, box)) != program.sha256) {
            result.verdict = Verdict::FAIL;
            result.reason = "judge fault: " + program.path.string() +
                            " is not the program compiled (its SHA-256 differs from the journal's): it is "
                            "compiled again at the next grade";
            return result;
        }
        if (config.uses_stdin())
            r.stdin_file = fs::absolute(test.input);
        else {
            fs::copy_file(test.input, box / config.input_file, fs::copy_options::overwrite_existing);
            fs::permissions(box / config.input_file, fs::perms::owner_read | fs::perms::owner_write |
                                                         fs::perms::group_read | fs::perms::others_read);
        }
    } catch (const fs::filesystem_error& e) {
        result.verdict = Verdict::FAIL;
        result.reason = std::string("judge fault: preparing the box: ") + e.what();
        return result;
    }
    if (config.uses_stdout()) r.stdout_file = output;

    RunRecord run = slot.session ? slot.session->run(r, slot.stop) : run_sandboxed(r);
    // A run whose disk filled is the judge's fault, whatever it printed: its output may be empty
    // or cut by the judge's want of room, never to be graded as WA, PE, MISSING or RE.
    if (auto full = full_disk(box); full && run.error.empty()) run.error = *full;
    OutputFacts facts = output_facts(output, box, config);
    Outcome outcome = decide_verdict(run, r.limits, facts, [&] {
        return check_problem_output(problem, CheckFiles{test.input, output, test.answer, slot.dir / "checker",
                                                        slot.read_only_dirs, test.points, test.checker_arguments});
    });
    result.verdict = outcome.verdict;
    result.reason = outcome.reason;
    result.fraction = outcome.fraction;
    result.score = outcome.score;
    result.cpu_s = run.cpu_s;
    result.wall_s = run.wall_s;
    result.peak_kib = run.peak_kib;
    if (run.error.empty()) result.protections = run.protections();
    return result;
}

namespace {

// Runs `count` tasks on `jobs` threads; task(i, slot) with slot in 0..jobs-1. The first task that
// throws (the journal on a full disk, a box that cannot be made) stops the pool: the other threads
// finish the task in hand and take no other, and the error is thrown again here, in the caller's
// thread, instead of ending the process from a worker (std::terminate).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): jobs and count are named at the two call sites
void run_pool(int jobs, size_t count, const std::function<void(size_t, int)>& task) {
    std::atomic<size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr first_error;
    std::mutex error_mutex;
    std::vector<std::thread> threads;
    for (int s = 0; s < jobs; ++s)
        threads.emplace_back([&, s] {
            for (size_t i; !failed && (i = next++) < count;) try {
                    task(i, s);
                } catch (...) {
                    std::lock_guard lock(error_mutex);
                    if (!first_error) first_error = std::current_exception();
                    failed = true;
                }
        });
    for (auto& t : threads) t.join();
    if (first_error) std::rethrow_exception(first_error);
}

class Progress {
public:
    Progress(const GradeOptions& o, int total) : options_(o), total_(total) {}

    void test_done(const TestResult& t, int done) {
        if (!options_.progress) return;
        char line[256];
        std::snprintf(line, sizeof line, "[%d/%d] %s %s #%s %s %.3f s %.1f MiB", done, total_, t.contestant.c_str(),
                      t.problem.c_str(), t.test.c_str(), std::string(verdict_name(t.verdict)).c_str(), t.cpu_s,
                      static_cast<double>(t.peak_kib) / 1024.0);
        std::lock_guard lock(mutex_);
        if (options_.progress_is_terminal)
            *options_.progress << "\r\033[K" << line << std::flush;
        else
            *options_.progress << line << "\n";
    }
    void note(const std::string& text) {
        if (!options_.progress) return;
        std::lock_guard lock(mutex_);
        *options_.progress << (options_.progress_is_terminal ? "\r\033[K" : "") << text << "\n";
    }
    // What the host should read even without the progress lines.
    void notice(const std::string& text) {
        note(text);
        if (options_.notices && options_.notices != options_.progress) *options_.notices << text << "\n";
    }
    void finish() {
        if (options_.progress && options_.progress_is_terminal) *options_.progress << "\n";
    }

private:
    const GradeOptions& options_;
    int total_;
    std::mutex mutex_;
};

struct Work {
    size_t contestant, problem;
};

// The files of the contest a submission must not be: the contest file, its shard key, and each
// problem's config, checker and tests.
std::vector<fs::path> contest_files(const Contest& contest) {
    std::vector<fs::path> files{contest.source, default_shard_key_file(contest)};
    for (const auto& problem : contest.problems) {
        files.push_back(problem.config.source);
        if (fs::path(problem.config.checker).is_absolute()) files.emplace_back(problem.config.checker);
        for (const auto& test : problem.tests) files.insert(files.end(), {test.input, test.answer});
    }
    return files;
}

// Compiles (or copies) the files the plan found for submission `w`.
CompileRecord prepare_submission(const Contest& contest, const GradingPlan& plan, const Work& w,
                                 const fs::path& build_dir, const CompileSettings& settings) {
    const std::string& name = plan.contestants()[w.contestant];
    const ContestProblem& problem = contest.problems[w.problem];
    CompileRecord rec{name, problem.config.name, CompileStatus::FAIL, "", ""};
    const std::vector<Language>& languages = plan.languages();
    const SubmissionFiles& files = plan.submission(w.contestant, w.problem);
    fs::path binary = build_dir / problem.config.name;
    if (files.main.empty()) {
        std::string kinds;
        for (const auto& l : languages) kinds += (kinds.empty() ? "" : ", ") + problem.config.name + l.extensions[0];
        rec.status = CompileStatus::missing;
        rec.message = "no " + kinds + " or binary in " + (contest.contestants_dir / name).string();
    } else if (auto linked = shared_with_contest(files.files, [&] { return contest_files(contest); })) {
        rec.status = CompileStatus::refused;
        rec.message = *linked;
    } else if (!files.language) {
        make_folders_no_follow(build_dir);
        const auto limit = static_cast<std::uintmax_t>(settings.binary_limit_mib) << 20;
        auto refusal = copy_submission(files.main, binary, limit, 0755);
        rec.status = refusal ? CompileStatus::refused : CompileStatus::ok;
        rec.message = refusal ? *refusal : "ready binary " + files.main.filename().string();
    } else {
        CompileResult c = compile_submission(files, build_dir, problem.config.name, settings);
        rec.status = c.ok            ? CompileStatus::ok
                     : c.refused     ? CompileStatus::refused
                     : c.judge_fault ? CompileStatus::FAIL
                                     : CompileStatus::CE;
        rec.message = c.message;
        rec.language = c.language;
    }
    return rec;
}

// What runs for a compiled submission: its binary, or its sources with the language's interpreter.
Program program_of(const CompileRecord& compiled, const fs::path& built, const std::vector<Language>& languages,
                   const std::string& problem) {
    Program p;
    p.path = built;
    p.sha256 = compiled.program_sha256;
    const Language* language = language_named(languages, compiled.language);
    if (!language) return p;  // a ready binary
    p.time_multiplier = language->time_multiplier;
    CommandWords words;
    words.exe = std::string(kBoxProgramName);
    words.dir = kBoxInsidePath;
    if (!language->runs_binary()) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(built, ec))
            if (e.path().stem() == problem && language_of({*language}, e.path()))
                words.main = e.path().filename().string();
    }
    if (language->named_by_class) {
        std::ifstream in(built / kMainClassFile, std::ios::binary);
        std::getline(in, words.main_class);
    }
    p.argv = command_argv(language->run, words);
    return p;
}

// The submissions this run grades: every one, or those options.selected accepts.
std::vector<Work> submissions_to_grade(const Contest& contest, const std::vector<std::string>& names,
                                       const GradeOptions& options) {
    std::vector<Work> submissions;
    for (size_t c = 0; c < names.size(); ++c)
        for (size_t p = 0; p < contest.problems.size(); ++p)
            if (!options.selected || options.selected(names[c], contest.problems[p].config.name))
                submissions.push_back({c, p});
    return submissions;
}

int test_count(const Contest& contest, const std::vector<Work>& submissions) {
    int tests = 0;
    for (const Work& w : submissions) tests += static_cast<int>(contest.problems[w.problem].tests.size());
    return tests;
}

// Removes what runners that died left behind (their cgroups and root skeletons), and says so.
void sweep_dead_runners(Progress& progress) {
    const CgroupSweep sweep = sweep_stale_cgroups();
    if (!sweep.removed.empty())
        progress.note("removed " + std::to_string(sweep.removed.size()) + " cgroup(s) left by runners that died: " +
                      sweep.removed.front().string() + (sweep.removed.size() > 1 ? ", ..." : ""));
    for (const auto& why : sweep.kept) progress.note("warning: " + why);
    const std::vector<fs::path> skeletons = sweep_stale_skeletons();
    if (!skeletons.empty())
        progress.note("removed " + std::to_string(skeletons.size()) +
                      " root skeleton folder(s) left by runners that died: " + skeletons.front().string() +
                      (skeletons.size() > 1 ? ", ..." : ""));
}

// Says what the journal already holds and what of it is graded again, and records the inputs it
// is graded against from now on.
void resume_journal(Journal& journal, const GradingInputs& inputs, const fs::path& out, Progress& progress) {
    if (journal.loaded_tests() > 0)
        progress.note("resuming: " + std::to_string(journal.loaded_tests()) + " test result(s) already in the journal");
    if (journal.records_without_inputs() > 0)
        progress.notice("note: " + (out / "journal.jsonl").string() +
                        " was written by an older judge that did not record what decided each result: its " +
                        std::to_string(journal.records_without_inputs()) + " record(s) are graded again");
    else if (!journal.fingerprint().empty() && journal.fingerprint() != inputs.fingerprint())
        progress.notice(
            "note: the contest, its tests, settings or submissions changed since the journal was "
            "written: what they decide is graded again");
    if (journal.fingerprint() != inputs.fingerprint()) journal.append_fingerprint(inputs.fingerprint());
}

// What the compile and run phases of one grading share.
struct GradingRun {
    const Contest& contest;
    const GradeOptions& options;
    const GradingPlan& plan;
    const CompileSettings& compile_settings;
    fs::path out;
    int jobs;
    Journal& journal;
    Progress& progress;
    std::function<RunSlot(int)> slot;  // the sandbox slot of pool thread s

    bool stopped() const { return options.stop && options.stop->load(); }
    fs::path build_dir(const Work& w) const {
        return out / "build" / plan.contestants()[w.contestant] / contest.problems[w.problem].config.name;
    }
};

// Journals the SHA-256 of the program just kept in build/; one that cannot be read is a judge fault.
void keep_program_digest(CompileRecord& rec, const fs::path& program) {
    auto digest = program_sha256(program);
    if (digest) {
        rec.program_sha256 = *digest;
        return;
    }
    rec.status = CompileStatus::FAIL;
    rec.message = "judge fault: cannot read the program kept at " + program.string();
}

// Compile phase: everything without a usable journaled record.
std::vector<CompileRecord> compile_all(const GradingRun& run, const std::vector<Work>& submissions) {
    std::vector<CompileRecord> compiled(submissions.size());
    run_pool(run.jobs, submissions.size(), [&](size_t i, int) {
        if (run.stopped()) return;
        const Work& w = submissions[i];
        const std::string& name = run.plan.contestants()[w.contestant];
        const ContestProblem& problem = run.contest.problems[w.problem];
        const std::string decided_by = run.plan.inputs.of_compile(name, problem.config.name);
        auto old = run.journal.compile_entry(name, problem.config.name);
        // A judge fault never freezes; a record of other sources or settings is made again; a refusal
        // is looked at again (an lstat): the contestant's folder may have been fixed; a program that
        // is not the one compiled (swapped in build/) is compiled again.
        const fs::path program = run.build_dir(w) / problem.config.name;
        bool reusable =
            old && old->inputs == decided_by && old->record.status != CompileStatus::FAIL &&
            old->record.status != CompileStatus::refused &&
            (old->record.status != CompileStatus::ok ||
             (!old->record.program_sha256.empty() && program_sha256(program) == old->record.program_sha256));
        compiled[i] = reusable ? old->record
                               : prepare_submission(run.contest, run.plan, w, run.build_dir(w), run.compile_settings);
        if (!reusable && compiled[i].status == CompileStatus::ok) keep_program_digest(compiled[i], program);
        if (run.stopped()) return;  // an interrupted compile is not a result
        if (!reusable) run.journal.append(compiled[i], decided_by);
        if (compiled[i].status != CompileStatus::ok && !reusable)
            run.progress.note(name + " " + problem.config.name + ": " + std::string(to_string(compiled[i].status)));
    });
    return compiled;
}

struct TestWork {
    size_t submission, test;
};

// The tests the run phase runs: those of compiled submissions without a current journaled result.
// `done` counts the others.
std::vector<TestWork> tests_to_run(const GradingRun& run, const std::vector<Work>& submissions,
                                   const std::vector<CompileRecord>& compiled, int& done) {
    std::vector<TestWork> pending;
    for (size_t i = 0; i < submissions.size(); ++i) {
        const auto& problem = run.contest.problems[submissions[i].problem];
        for (size_t t = 0; t < problem.tests.size(); ++t) {
            const std::string& name = run.plan.contestants()[submissions[i].contestant];
            auto old = run.journal.test_entry(name, problem.config.name, problem.tests[t].name);
            // A journaled judge fault is retried: the host may have fixed the cause.
            const bool current =
                old && old->inputs == run.plan.inputs.of_test(name, problem.config.name, problem.tests[t].name) &&
                old->record.verdict != Verdict::FAIL;
            if (compiled[i].status == CompileStatus::ok && !current)
                pending.push_back({i, t});
            else
                ++done;
        }
    }
    return pending;
}

// How many of the run's tests are journaled, of how many: the progress the callback is told.
struct TestCount {
    int done = 0, total = 0;
};

// Run phase: each pending test in a sandbox slot, journaled as it finishes.
void run_all(const GradingRun& run, const std::vector<Work>& submissions, const std::vector<CompileRecord>& compiled,
             const std::vector<TestWork>& pending, TestCount count) {
    std::atomic<int> finished{count.done};
    std::mutex done_mutex;
    run_pool(run.jobs, pending.size(), [&](size_t i, int s) {
        if (run.stopped()) return;
        const Work& w = submissions[pending[i].submission];
        const ContestProblem& problem = run.contest.problems[w.problem];
        const Program program = program_of(compiled[pending[i].submission], run.build_dir(w) / problem.config.name,
                                           run.plan.languages(), problem.config.name);
        TestResult r = judge_program(problem, problem.tests[pending[i].test], program, run.slot(s));
        r.contestant = run.plan.contestants()[w.contestant];
        if (run.stopped()) return;         // the run may have been cut short: it is not a result
        std::lock_guard lock(done_mutex);  // journal order = completion order; the callback sees it journaled
        run.journal.append(r, run.plan.inputs.of_test(r.contestant, r.problem, r.test));
        int n = ++finished;
        run.progress.test_done(r, n);
        if (run.options.on_test_done) run.options.on_test_done(n, count.total);
    });
}

// assemble_results for the contestants `names`: in contest order, from the journal alone, equal
// whether or not the run was resumed or sharded.
ContestResults results_of(const Contest& contest, const std::vector<std::string>& names, const Journal& journal,
                          const Protections& probed) {
    ContestResults results;
    results.contest = contest.name;
    for (const auto& p : contest.problems) {
        results.problems.push_back(p.config.name);
        results.problem_max_points.push_back(max_points(p));
        results.problem_time_limits_s.push_back(p.config.time_limit_s);
    }
    for (const auto& name : names) {
        ContestantResult cr;
        cr.name = name;
        for (const auto& problem : contest.problems) {
            auto rec = journal.compile(name, problem.config.name);
            ProblemResult pr;
            pr.problem = problem.config.name;
            pr.status = problem_status(rec ? std::optional(rec->status) : std::nullopt);
            pr.compile_message = rec ? rec->message : "";
            pr.language = rec ? rec->language : "";
            if (pr.status == ProblemStatus::graded)
                for (const auto& t : problem.tests)
                    if (auto r = journal.test(name, problem.config.name, t.name)) pr.tests.push_back(*r);
            if (pr.status == ProblemStatus::CE)
                for (const auto& t : problem.tests)
                    pr.tests.push_back(
                        TestResult{name, problem.config.name, t.name, t.group, Verdict::CE, "compilation error"});
            score_problem(pr, problem);
            cr.total += pr.points;
            cr.problems.push_back(std::move(pr));
        }
        results.contestants.push_back(std::move(cr));
    }
    std::vector<TestResult> all;
    for (const auto& c : results.contestants)
        for (const auto& p : c.problems) all.insert(all.end(), p.tests.begin(), p.tests.end());
    auto from_runs = weakest_of(all);
    results.protections = from_runs.value_or(probed);
    results.protections_from_runs = from_runs.has_value();
    rank_contestants(results.contestants);
    return results;
}

}  // namespace

ContestResults grade(const Contest& contest, const GradeOptions& options) {
    const fs::path out = own_folder(options.out_dir);
    mark_out_dir(out);  // the judge's own folder from now on (sudoku/judge/output/out_dir.hpp)
    Journal journal(out / "journal.jsonl");
    const GradingPlan plan(contest);  // the one look at the contestants' folder this run takes
    const int jobs_asked = std::max(1, options.jobs > 0 ? options.jobs : contest.jobs);
    // Without namespaces every program runs as the one uid 65534: two runs at once could signal or
    // trace each other, so the runs go one at a time.
    const int jobs = options.namespaces ? jobs_asked : 1;
    std::vector<int> allowed = allowed_cpus();
    if (allowed.empty()) allowed = {0};  // sched_getaffinity failed: the pins will fail closed, each a FAIL
    const CpuAllocation cpus = allocate_cpus(jobs, allowed);

    CompileSettings compile_settings = contest.compile;
    compile_settings.read_only_dirs = contest.read_only_dirs;
    // Before the runners: they start in the group it leaves them, and it steps back (and sweeps)
    // only after the last of them has gone (destroyed after `sessions`).
    const JudgeCgroups judge_cgroups(options.cgroups);
    std::vector<std::unique_ptr<SandboxSession>> sessions;
    for (int s = 0; s < jobs; ++s) sessions.push_back(std::make_unique<SandboxSession>());
    auto slot = [&](int s) {
        return RunSlot{out / "work" / ("slot-" + std::to_string(s)),
                       cpus.slot_cpu[s],
                       contest.read_only_dirs,
                       contest.stack_mib,
                       options.namespaces,
                       options.cgroups,
                       sessions[s].get(),
                       options.stop};
    };
    RunRequest wanted;
    wanted.namespaces = options.namespaces;
    wanted.cgroups = options.cgroups;
    wanted.core = slot(0).core;
    const ProtectionProbe probe = probe_protections(out / "probe", wanted);

    const std::vector<Work> submissions = submissions_to_grade(contest, plan.contestants(), options);
    const int total_tests = test_count(contest, submissions);
    Progress progress(options, total_tests);
    progress.note("protections: " + probe.describe());
    if (probe.error.empty())
        for (const auto& line : judge_cgroups.notes(probe.protections.cgroups)) progress.note(line);
    sweep_dead_runners(progress);
    if (jobs < jobs_asked)
        progress.note("--no-namespaces: one run at a time, not " + std::to_string(jobs_asked) +
                      " (every program runs as uid 65534, and two at once could reach each other)");
    progress.note(cpus.describe());
    if (cpus.shared())
        progress.note("warning: --jobs " + std::to_string(jobs) + " exceeds the " + std::to_string(allowed.size()) +
                      " allowed CPU(s); slots share CPUs, spread evenly, and timings are less honest");
    resume_journal(journal, plan.inputs, out, progress);

    const GradingRun run{contest, options, plan, compile_settings, out, jobs, journal, progress, slot};
    const std::vector<CompileRecord> compiled = compile_all(run, submissions);
    int done = 0;
    const std::vector<TestWork> pending = tests_to_run(run, submissions, compiled, done);
    if (run.stopped()) throw GradingInterrupted();
    run_all(run, submissions, compiled, pending, TestCount{.done = done, .total = total_tests});
    progress.finish();
    if (run.stopped()) throw GradingInterrupted();

    return results_of(contest, plan.contestants(), journal, probe.protections);
}

ContestResults assemble_results(const Contest& contest, const Journal& journal, const Protections& probed) {
    return results_of(contest, list_contestants(contest.contestants_dir), journal, probed);
}

}  // namespace sudoku::judge
