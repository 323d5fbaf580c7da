// The hostile suite: every row of expected.tsv becomes its own test case ("hostile: spin.c (sum)
// -> TLE"), which compiles the program through the judge's compile step, grades it through
// judge_test, and checks the verdict, the row's extra checks, and the aftermath: nothing left
// running, no leaked cgroups or mounts, nothing on the host's temp dirs, and a control run right
// after it still accepted (the judge survived).
//
// A row with a known_failure is one the judge gets wrong today: what goes wrong is reported as a
// warning, so the suite stays green while the bug is open; every other row asserts all of it.
#include <arpa/inet.h>
#include <grp.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>

#include "aftermath.hpp"
#include "hostile_table.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/output/report.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "sudoku/solver/problems.hpp"
#include "support/skip.hpp"

namespace hostile {

namespace fs = std::filesystem;
using sudoku::judge::TestResult;

namespace {

void write_text(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

// The second pass (ctest "hostile (uid 65534): ..."): the row is graded by a judge that is not root,
// as on a machine where the host has no root: the runner's rootless path (a user namespace, the
// tree polled for CPU and memory instead of cgroups).
bool unprivileged_pass() {
    const char* uid = std::getenv("HOSTILE_UID");
    return uid && std::string(uid) == "65534";
}
constexpr uid_t kNobody = 65534;

fs::path build_root() {
    return fs::path(SUDOKU_BINARY_DIR) / (unprivileged_pass() ? "hostile-tests-uid65534" : "hostile-tests");
}

// Drops this test process to uid 65534 (it needs root to do so), or skips with the reason.
void become_unprivileged() {
    if (geteuid() != 0) sudoku::testing::skip_test("the unprivileged pass drops from root to uid 65534: run as root");
    fs::create_directories(build_root());
    if (chown(build_root().c_str(), kNobody, kNobody) != 0) FAIL("chown " << build_root());
    if (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0) FAIL("cannot drop to uid 65534");
    if (access(sudoku::judge::sandbox_executable().c_str(), X_OK) != 0)
        sudoku::testing::skip_test("uid 65534 cannot reach the runner " + sudoku::judge::sandbox_executable().string());
    pid_t child = fork();
    if (child == 0) _exit(unshare(CLONE_NEWUSER) == 0 ? 0 : 1);
    int status = 1;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        sudoku::testing::skip_test("unprivileged user namespaces are off here: no rootless sandbox to test");
}

// The compile bombs run into the time limit (wall: 2 x CPU + 1 s); our programs need a fraction.
sudoku::judge::CompileSettings compile_settings(double time_limit_s = 5) {
    sudoku::judge::CompileSettings s;
    s.time_limit_s = time_limit_s;
    return s;
}

// The binary of programs/<file>, compiled once by the judge's own compile step (atomically cached).
fs::path binary_of(const std::string& file, const fs::path& dir = programs_dir()) {
    fs::path source = dir / file;
    fs::path binary = build_root() / "programs" / (file + ".bin");
    std::error_code ec;
    if (fs::exists(binary) && fs::last_write_time(binary) >= fs::last_write_time(source)) return binary;
    fs::path build = build_root() / "programs" / ("build-" + file + "-" + std::to_string(getpid()));
    auto result = sudoku::judge::compile_source(source, build, "prog", compile_settings());
    INFO("compiling " << file << ": " << result.message);
    REQUIRE(result.ok);
    fs::rename(result.binary, binary);
    fs::remove_all(build, ec);
    return binary;
}

// A loopback port the test listens on (never accepts: a queued connection is success enough).
struct Listener {
    int fd = -1, port = 0;
    Listener() {
        fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && listen(fd, 8) == 0 &&
            getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
            port = ntohs(a.sin_port);
    }
    ~Listener() {
        if (fd >= 0) close(fd);
    }
};

// One row's world: test data, another contestant's directory, a run slot, all under `dir`.
struct Setup {
    fs::path dir;
    sudoku::judge::ContestProblem problem;
    sudoku::judge::RunSlot slot;
    Listener listener;
    // The slot's long-lived runner, as grade() gives every slot (the production path).
    std::unique_ptr<sudoku::judge::SandboxSession> session = std::make_unique<sudoku::judge::SandboxSession>();
};

// The puzzle of the line81-sudoku setup; its first clue (4) differs from rewrite_input.c's grid.
const char* const kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// The setups of a judge without the rights for namespaces and cgroups.
bool is_bare(const Row& row) { return row.setup == "sum-bare" || row.setup == "sum-bare-memory"; }

void make_setup(Setup& s, const Row& row) {
    auto& c = s.problem.config;
    c.name = "sum";
    c.problem = "line81";
    c.time_limit_s = 0.5;
    c.memory_limit_mib = 128;
    c.output_limit_kib = 64;
    c.checker = "tokens";
    s.problem.testdata = s.dir / "testdata" / "sum";
    fs::path input = s.problem.testdata / "01.in", answer = s.problem.testdata / "01.ans";
    fs::path other = s.dir / "contestants" / "other" / "sum.out";
    write_text(other, "2829\n");
    write_text(answer, "2829\n");
    const bool bare = is_bare(row), memory = row.setup == "sum-memory" || row.setup == "sum-bare-memory";
    if (row.setup == "sum" || row.setup == "sum-stack8" || row.setup == "sum-stdio" || bare || memory) {
        write_text(input, "2800 29\n");
        if (row.setup == "sum-stdio") c.input_file = "stdin", c.output_file = "stdout";
        // A memory hog must meet its memory limit before its time limit: where page faults are
        // slow (a virtual machine here faulted in 200 MiB in 0.57 s of CPU) 0.5 s is not enough.
        if (memory) c.time_limit_s = 2;
    } else if (row.setup == "sum-leaky") {
        write_text(input, "2800 29\n" + fs::absolute(answer).string() + "\n" +
                              fs::absolute(s.problem.testdata).string() + "\n" + fs::absolute(other).string() + "\n" +
                              std::to_string(getpid()) + "\n" + std::to_string(s.listener.port) + "\n");
    } else if (row.setup == "line81-sudoku") {
        c.checker = "sudoku";
        write_text(input, std::string(kPuzzle) + "\n");
        auto solution = sudoku::answer(
            *sudoku::find_problem("line81"),
            std::get<std::vector<sudoku::Grid>>(sudoku::parse_puzzles(sudoku::Format::line81, kPuzzle, "puzzle")));
        write_text(answer, std::get<std::string>(solution));
    } else if (row.setup.rfind("testlib:", 0) == 0) {
        write_text(input, "2800 29\n");
        c.checker = fs::absolute(binary_of(row.setup.substr(8), checkers_dir())).string();
    } else if (row.setup != "compile") {
        FAIL("expected.tsv:" << row.line << ": unknown setup '" << row.setup << "'");
    }
    s.problem.tests = {{"01", "all", input, answer, 10}};
    // As grade() runs them: the contestants and the test data are nowhere in the program's root.
    s.slot = sudoku::judge::RunSlot{s.dir / "slot", -1, {}, row.setup == "sum-stack8" ? 8 : -1, true, true};
    // A judge without the rights for them: what it can still enforce with rlimits and wait4.
    if (bare) s.slot.namespaces = s.slot.cgroups = false;
    // HOSTILE_RUNNER=per-run: one runner process per run instead (the judge's other path).
    const char* runner = std::getenv("HOSTILE_RUNNER");
    if (!runner || std::string(runner) != "per-run") s.slot.session = s.session.get();
}

double number_after(const std::string& check, size_t at) { return std::stod(check.substr(at)); }

// The row's extra checks; each failure is one line of the returned list.
std::vector<std::string> failed_checks(const Row& row, const TestResult& r, const Setup& s,
                                       const std::string& message) {
    std::vector<std::string> failed;
    std::string verdict(sudoku::judge::verdict_name(r.verdict));
    for (auto check : row.checks) {
        if (auto colon = check.find(':'); colon != std::string::npos) {  // V:check applies to verdict V only
            if (check.substr(0, colon) != verdict) continue;
            check = check.substr(colon + 1);
        }
        bool ok = true;
        std::string seen;
        if (check.rfind("cpu<=", 0) == 0)
            ok = r.cpu_s <= number_after(check, 5), seen = std::to_string(r.cpu_s);
        else if (check.rfind("cpu>=", 0) == 0)  // polled from /proc without cgroups: its 10 ms ticks
            ok = r.cpu_s >= number_after(check, 5) - (unprivileged_pass() ? 0.02 : 0), seen = std::to_string(r.cpu_s);
        else if (check.rfind("wall<=", 0) == 0)
            ok = r.wall_s <= number_after(check, 6), seen = std::to_string(r.wall_s);
        else if (check.rfind("reason~", 0) == 0)
            ok = r.reason.find(check.substr(7)) != std::string::npos, seen = r.reason;
        else if (check.rfind("message<=", 0) == 0) {
            ok = message.size() <= number_after(check, 9);
            seen = std::to_string(message.size()) + " bytes";
        } else if (check.rfind("output<=", 0) == 0) {
            std::error_code ec;
            auto size = fs::file_size(s.slot.dir / "box" / "sudoku.out", ec);
            ok = !ec && size <= number_after(check, 8);
            seen = ec ? "no file" : std::to_string(size) + " bytes";
        } else if (check.rfind("box<=", 0) == 0) {
            std::uintmax_t total = 0;
            std::error_code ec;
            for (fs::recursive_directory_iterator it(s.slot.dir / "box", ec), end; !ec && it != end; it.increment(ec))
                if (it->is_regular_file(ec)) total += it->file_size(ec);
            ok = total <= number_after(check, 5);
            seen = std::to_string(total) + " bytes";
        } else
            FAIL("expected.tsv:" << row.line << ": unknown check '" << check << "'");
        if (!ok) failed.push_back(check + " failed: " + seen);
    }
    return failed;
}

// Compile rows: the verdict is the compile step's (CE, or FAIL for a judge fault).
TestResult compile_only(const Row& row, const Setup& s, std::string& message) {
    auto start = std::chrono::steady_clock::now();
    auto c = sudoku::judge::compile_source(programs_dir() / row.program, s.dir / "build", "prog", compile_settings(2));
    TestResult r;
    r.verdict = c.ok            ? sudoku::judge::Verdict::AC
                : c.judge_fault ? sudoku::judge::Verdict::FAIL
                                : sudoku::judge::Verdict::CE;
    r.reason = c.message.substr(0, 300);
    r.cpu_s = c.cpu_s;
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    message = c.message;
    return r;
}

// The result goes through the journal (and back) and every report, as grade() would take it:
// what a contestant wrote into a reason must not break any of them. Returns what went wrong.
std::vector<std::string> journal_and_reports(const Row& row, TestResult r, const std::string& message,
                                             const fs::path& dir) {
    using namespace sudoku::judge;
    std::vector<std::string> wrong;
    r.contestant = "hostile";
    r.problem = "sum";
    r.test = "01";
    ContestResults results;
    results.contest = "hostile";
    results.problems = {"sum"};
    results.problem_max_points = {10};
    ProblemResult p{"sum", ProblemStatus::graded, "", 0, 10, {r}, {}};
    // A compile row's verdict (CE or FAIL) is also the word of its compile status.
    CompileRecord compiled{
        "hostile", "sum",
        row.setup == "compile" ? from_string<CompileStatus>(verdict_name(r.verdict)).value() : CompileStatus::ok,
        message};
    if (row.setup == "compile") p = ProblemResult{"sum", problem_status(compiled.status), message, 0, 10, {}, {}};
    results.contestants = {ContestantResult{"hostile", 1, 0, {p}}};
    fs::path reports = dir / "reports";
    fs::create_directories(reports);
    try {
        {
            Journal journal(reports / "journal.jsonl");
            if (row.setup == "compile")
                journal.append(compiled);
            else
                journal.append(r);
        }
        Journal again(reports / "journal.jsonl");
        if (row.setup == "compile") {
            auto back = again.compile("hostile", "sum");
            if (!back || back->message != compiled.message) wrong.push_back("the journal lost the compile record");
        } else {
            auto back = again.test("hostile", "sum", "01");
            if (!back || back->verdict != r.verdict) wrong.push_back("the journal lost the result");
        }
    } catch (const std::exception& e) {
        wrong.push_back(std::string("journaling threw: ") + e.what());
    }
    try {
        write_results_json(results, reports / "results.json");
    } catch (const std::exception& e) {
        wrong.push_back(std::string("results.json threw: ") + e.what());
    }
    try {
        write_results_csv(results, reports / "results.csv");
        write_report_html(results, reports / "report.html");
        std::ifstream in(reports / "report.html");
        std::string page((std::istreambuf_iterator<char>(in)), {});
        if (page.find("<img") != std::string::npos) wrong.push_back("report.html holds a contestant's raw markup");
    } catch (const std::exception& e) {
        wrong.push_back(std::string("results.csv / report.html threw: ") + e.what());
    }
    return wrong;
}

// Rows other than the bare ones (is_bare) expect the full sandbox. Without the rights for it (not root, no
// cgroups) such a row cannot be checked here: it is skipped with the reason, never counted as passed.
// A runner that cannot run at all is the judge's fault, not the machine's: that fails every row (a
// runner the uid-65534 judge could not start once skipped all but the bare rows, hiding the bug).
void skip_unless_fully_protected(const Row& row) {
    if (is_bare(row)) return;
    static const sudoku::judge::ProtectionProbe p = sudoku::judge::probe_protections(build_root() / "probe");
    if (!p.error.empty()) FAIL("the runner's probe of its protections failed: " << p.error);
    if (unprivileged_pass()) {
        if (p.protections.namespaces == sudoku::judge::NamespacesState::user)
            return;  // without root: the user namespace, and the tree polled instead of cgroups
        // The runner falls back to a plain fork when the kernel refuses it a user namespace.
        sudoku::testing::skip_test(row.program + " needs a user namespace, which the kernel refuses uid 65534 here " +
                                   "(the runner's clone with CLONE_NEWUSER failed; it gives: " + p.describe() + ")");
    }
    if (p.protections.cgroups != sudoku::judge::CgroupsState::off &&
        p.protections.namespaces == sudoku::judge::NamespacesState::on)
        return;
    sudoku::testing::skip_test(row.program + " needs cgroups and namespaces, which the root judge does not get here (" +
                               p.describe() + "); sudoku-judge doctor says how to get them");
}

void run_row(const Row& row) {
    if (unprivileged_pass()) become_unprivileged();
    skip_unless_fully_protected(row);
    Setup s;
    s.dir = build_root() / ("row" + std::to_string(row.line) + "-" + std::to_string(getpid()));
    fs::remove_all(s.dir);
    make_setup(s, row);
    const auto& test = s.problem.tests.front();

    if (!row.before.empty()) sudoku::judge::judge_test(s.problem, test, binary_of(row.before), s.slot);
    std::string message;
    TestResult r = row.setup == "compile" ? compile_only(row, s, message)
                                          : sudoku::judge::judge_test(s.problem, test, binary_of(row.program), s.slot);
    std::string verdict(sudoku::judge::verdict_name(r.verdict));
    INFO("expected.tsv:" << row.line << ": " << row.program << ": " << verdict << " (" << r.reason << "), cpu "
                         << r.cpu_s << " s, wall " << r.wall_s << " s, peak " << r.peak_kib << " KiB");

    std::vector<std::string> wrong;
    if (std::find(row.expected.begin(), row.expected.end(), verdict) == row.expected.end())
        wrong.push_back("verdict " + verdict + ", expected " + row.title().substr(row.title().rfind("-> ") + 3));
    for (auto& f : failed_checks(row, r, s, message)) wrong.push_back(f);
    for (auto& f : journal_and_reports(row, r, message, s.dir)) wrong.push_back(f);
    // The aftermath.
    auto survivors = surviving_hostile_processes(1.0);
    if (!survivors.empty())
        wrong.push_back(std::to_string(survivors.size()) +
                        " process(es) named hostile-leak outlived the run (killed now)");
    for (auto& cgroup : orphan_cgroups()) wrong.push_back("cgroup left behind: " + cgroup);
    for (auto& mount : mounts_under(s.dir)) wrong.push_back("mount left behind: " + mount);
    for (auto& note : notes_on_host()) wrong.push_back("a note reached the host: " + note);

    // The judge survived: the next run of the right answer in the same slot is accepted.
    if (row.setup.rfind("sum", 0) == 0) {
        auto right = binary_of(row.setup == "sum-stdio" ? "stdio_right.c" : "answer_right.c");
        TestResult control = sudoku::judge::judge_test(s.problem, test, right, s.slot);
        if (control.verdict != sudoku::judge::Verdict::AC)
            wrong.push_back("the control run after it got " +
                            std::string(sudoku::judge::verdict_name(control.verdict)) + " (" + control.reason + ")");
    }

    s.session.reset();  // the runner must go with its session, leaving nothing behind
    for (int pid : children_of(getpid())) wrong.push_back("process " + std::to_string(pid) + " outlived the session");

    std::string wrong_text;
    for (auto& w : wrong) wrong_text += (wrong_text.empty() ? "" : "; ") + w;
    if (row.known_failure.empty()) {
        INFO(wrong_text);
        CHECK(wrong.empty());
    } else if (wrong.empty()) {
        WARN("known failure no longer fails (remove it from expected.tsv): " << row.known_failure);
    } else {
        WARN("known failure: " << row.known_failure << ": " << wrong_text);
    }
    std::error_code ec;
    fs::remove_all(s.dir, ec);
}

// One Catch2 test case per row, registered when the executable starts.
struct RowInvoker : Catch::ITestInvoker {
    Row row;
    explicit RowInvoker(Row r) : row(std::move(r)) {}
    void invoke() const override { run_row(row); }
};

std::deque<std::string>& names() {
    static std::deque<std::string> n;  // Catch keeps StringRefs to the names
    return n;
}

const bool registered = [] {
    std::vector<Row> rows;
    try {
        rows = read_table(table_path());
    } catch (const std::exception& e) {
        names().push_back(std::string("hostile table: ") + e.what());
        return false;
    }
    for (const auto& row : rows) {
        names().push_back(row.title());
        Catch::AutoReg(new RowInvoker(row), Catch::SourceLineInfo(__FILE__, static_cast<std::size_t>(__LINE__)), "",
                       Catch::NameAndTags{names().back(), "[hostile]"});
    }
    return true;
}();

}  // namespace

TEST_CASE("hostile table: it reads, and lists every program of programs/ with existing files") {
    std::vector<Row> rows = read_table(table_path());
    REQUIRE(registered);
    std::set<std::string> listed, titles;
    for (const auto& row : rows) {
        listed.insert(row.program);
        if (!row.before.empty()) listed.insert(row.before);
        CHECK(fs::exists(programs_dir() / row.program));
        INFO("duplicate row " << row.title());
        CHECK(titles.insert(row.title()).second);
    }
    for (const auto& e : fs::directory_iterator(programs_dir())) {
        INFO(e.path().filename().string() << " is in programs/ but not in expected.tsv");
        CHECK(listed.count(e.path().filename().string()) == 1);
    }
    std::set<std::string> setups;
    for (const auto& row : rows) setups.insert(row.setup);
    for (const auto& e : fs::directory_iterator(checkers_dir())) {
        INFO(e.path().filename().string() << " is in checkers/ but no row's setup uses it");
        CHECK(setups.count("testlib:" + e.path().filename().string()) == 1);
    }
}

}  // namespace hostile
