// sudoku-judge doctor [CONTEST.yaml] [--out DIR] [--json]
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "judge_commands.hpp"
#include "sudoku/judge/doctor/doctor.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Checks this machine before a contest, one line per item: what it has, what that means for
grading, and how to fix it. The sandbox's protections (root, namespaces, cgroups, the uid drop,
seccomp, CPU pinning) come from one trivial run through the runner, as at grading's start; then
what decides how exact the times are: swap, transparent huge pages, the CPU governor and turbo,
SMT siblings of the CPUs the slots would be pinned to, the load, free disk under --out, and the
compilers the contest's submissions need (every language's without CONTEST.yaml).
)";

const char* kFooter = R"(Example:
  sudoku-judge doctor examples/contest/contest.yaml --out /srv/results
  sudoku-judge doctor --json

Exit status: 0 grading will have every protection, 4 some protection is missing (the lines marked
MISSING say which and how to get it), 2 bad input (contest) or usage, 1 internal error.)";

struct DoctorCommand {
    std::optional<std::string> contest_file;
    std::optional<fs::path> out;
    std::optional<int> jobs;
    bool json = false;
};

void print_report(const judge::DoctorReport& report, std::ostream& out) {
    for (const auto& i : report.items) {
        const char* mark = i.level == judge::CheckLevel::ok       ? "ok      "
                           : i.level == judge::CheckLevel::advice ? "advice  "
                                                                  : "MISSING ";
        out << mark << i.name << ": " << i.found << ". " << i.meaning << (i.fix.empty() ? "" : ". Fix: " + i.fix)
            << "\n";
    }
    out << "protections: "
        << (report.probe_error.empty() ? report.protections.describe() : "sandbox unavailable: " + report.probe_error)
        << "\n"
        << (report.every_protection() ? "grading here has every protection\n"
                                      : "grading here lacks the protections marked MISSING\n");
}

int doctor(const DoctorCommand& c) {
    judge::DoctorRequest request;
    if (c.contest_file) {
        request.contest = load_contest_or_report(*c.contest_file);
        if (!request.contest) return cli::exit_bad_input;
        request.jobs = request.contest->jobs;
    }
    if (c.jobs) request.jobs = *c.jobs;
    request.out_dir =
        c.out.value_or(c.contest_file ? fs::path(*c.contest_file).parent_path() / "judge-out" : fs::current_path());
    request.out_dir_chosen = c.out || c.contest_file;
    const judge::DoctorReport report = judge::examine_machine(request);
    if (c.json)
        std::cout << judge::to_json(report).dump(2) << "\n";
    else
        print_report(report, std::cout);
    return report.every_protection() ? cli::exit_done : cli::exit_found_wanting;
}

}  // namespace

Command add_doctor_command(CLI::App& judge) {
    auto c = std::make_shared<DoctorCommand>();
    CLI::App* app =
        cli::add_command(judge, {.name = "doctor",
                                 .summary = "check this machine's sandbox and timing before a contest",
                                 .usage = "sudoku-judge doctor [CONTEST.yaml] [--out DIR] [--jobs N] [--json]",
                                 .description = kDescription,
                                 .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest_file, "the contest: its languages' compilers, its jobs");
    app->add_option("--out", c->out, "where grading would write (free disk); default CONTEST's judge-out");
    app->add_option("--jobs", c->jobs, "slots whose CPUs are checked (default: the contest's jobs, else 1)")
        ->check(cli::whole_number(1, 1024));
    app->add_flag("--json", c->json, "the report as JSON, for scripts");
    return {app, [c] { return doctor(*c); }};
}

}  // namespace sudoku::judge_cli
