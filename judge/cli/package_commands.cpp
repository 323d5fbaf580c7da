// sudoku-judge import SOURCE --out DIR [--format F]; sudoku-judge verify DIR
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kImportDescription =
    R"(Writes DIR/CONTEST.yaml, DIR/<problem>/problem.yaml, DIR/contestants/ and DIR/expectations.json
for another judge's problem package, whose files stay where they are: `sudoku-judge grade
DIR/CONTEST.yaml` then grades it by the package's rules (its checker, its groups and their scoring,
its limits), and `sudoku-judge verify DIR` holds the package's own submissions to what their folders
say. The format is found from its marker files (problem.yaml and data/: Kattis; domjudge-problem.ini
or .timelimit, or a .zip: DOMjudge; a .cdf: LemonLime, as import-lemon) or given by --format. A time limit the package leaves to be derived (Kattis) is
measured on its accepted submissions, as calibrate does. Whatever cannot be mapped is named with its
file and place, every such refusal at once, and nothing is written: DIR appears whole or not at all
(it must not exist, or be an empty folder). The mappings: docs/judge.md, "Other judges' packages".
)";

const char* kImportFooter = R"(Example:
  sudoku-judge import problemtools/examples/hello --out hello-here
  sudoku-judge verify hello-here

Exit status: 0 written, 2 bad input (not a package, something that cannot be mapped) or usage,
1 internal error.)";

const char* kVerifyDescription =
    R"(Grades DIR's contestants (the package's own submissions, imported by sudoku-judge import) and
prints each whose judgement or score differs from what its package expects, in the package's own
judgement types (Kattis and DOMjudge have no memory-limit judgement: over memory is a run-time
error there); then runs the package's input validators over every test and prints each test one
rejects. A submission or validator in a language the judge lacks is listed as not run.
)";

const char* kVerifyFooter = R"(Example:
  sudoku-judge verify hello-here --out hello-verify

Exit status: 0 every expectation met, 4 some differ (listed), 2 bad input or usage, 1 internal error.)";

struct ImportCommand {
    std::string source, out, format;
};

int import_package(const ImportCommand& c) {
    std::optional<problem::PackageFormat> format;
    if (!c.format.empty()) format = from_string<problem::PackageFormat>(c.format);
    auto written = judge::import_package(c.source, c.out, format);
    if (auto* refusals = std::get_if<std::vector<Diagnostic>>(&written)) {
        for (const auto& d : *refusals) std::cerr << "sudoku-judge import: " << d.to_string() << "\n";
        return cli::exit_bad_input;
    }
    const auto& done = std::get<judge::PackageImport>(written);
    for (const auto& note : done.notes) std::cout << "note: " << note << "\n";
    std::cout << "wrote " << done.contest_file.string() << " (" << to_string(done.format) << ")\n";
    return cli::exit_done;
}

struct VerifyCommand {
    std::string dir;
    judge::GradeOptions options;
    std::optional<fs::path> out;
};

int verify(VerifyCommand& c) {
    c.options.out_dir = c.out.value_or(fs::path(c.dir) / "verify-out");
    auto checked = judge::verify_contest(c.dir, c.options);
    if (auto* d = std::get_if<Diagnostic>(&checked)) {
        std::cerr << "sudoku-judge verify: " << d->to_string() << "\n";
        return cli::exit_bad_input;
    }
    const auto& v = std::get<judge::Verification>(checked);
    int agreeing = 0;
    for (const auto& s : v.submissions) {
        agreeing += s.agreement == judge::Agreement::agrees;
        if (s.agreement == judge::Agreement::agrees) continue;
        std::cout << to_string(s.agreement) << ": " << s.problem << " " << s.contestant << " (" << s.file << ")"
                  << (s.got.empty() ? "" : ": " + s.got) << ": " << s.why << "\n";
    }
    for (const auto& t : v.validators)
        std::cout << to_string(t.agreement) << ": " << t.problem << " input validator " << t.validator
                  << (t.test.empty() ? "" : " on " + t.test) << ": " << t.why << "\n";
    std::cout << agreeing << " of " << v.submissions.size() << " submissions as expected, " << v.differences()
              << " differences\n";
    return v.differences() > 0 ? cli::exit_found_wanting : cli::exit_done;
}

}  // namespace

Command add_package_import_command(CLI::App& judge) {
    auto c = std::make_shared<ImportCommand>();
    CLI::App* app = cli::add_command(
        judge, {.name = "import",
                .summary = "write a contest folder for another judge's problem package",
                .usage = "sudoku-judge import SOURCE --out DIR [--format kattis|domjudge|polygon|lemon]",
                .description = kImportDescription,
                .footer = kImportFooter});
    app->add_option("SOURCE", c->source, "the package folder (or a LemonLime .cdf)")->required();
    app->add_option("--out", c->out, "where the contest folder is written")->type_name("DIR")->required();
    app->add_option("--format", c->format, "the package's format, when its marker files do not say")
        ->type_name("F")
        ->check(CLI::IsMember({"kattis", "domjudge", "polygon", "lemon"}));
    return {app, [c] { return import_package(*c); }};
}

Command add_verify_command(CLI::App& judge) {
    auto c = std::make_shared<VerifyCommand>();
    CLI::App* app = cli::add_command(judge, {.name = "verify",
                                             .summary = "grade an imported package's own submissions against "
                                                        "their expected verdicts",
                                             .usage = "sudoku-judge verify DIR [--out DIR] [--jobs N]",
                                             .description = kVerifyDescription,
                                             .footer = kVerifyFooter});
    app->add_option("DIR", c->dir, "the contest folder sudoku-judge import wrote")->required();
    app->add_option("--out", c->out, "where the grading is written (default: DIR/verify-out)")->type_name("DIR");
    add_run_options(*app, c->options);
    return {app, [c] { return verify(*c); }};
}

}  // namespace sudoku::judge_cli
