// Kattis / ICPC packages, each written here from the text of its specification, read into the
// problem model and scored with the results a judge would report.
#include <catch2/catch.hpp>

#include "kattis_packages.hpp"
#include "package_fixture.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sp = sudoku::problem;
using package_test::scratch;
using package_test::write_text;
using sp::Judgement;

namespace {

sp::Problem read_ok(const std::filesystem::path& dir) {
    auto read = sudoku::formats::read_kattis(dir);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&read)) {
        for (const auto& d : *refusals) UNSCOPED_INFO(d.to_string());
        FAIL("the package was refused");
    }
    return std::get<sp::Problem>(read);
}

std::vector<sudoku::Diagnostic> refusals_of(const std::filesystem::path& dir) {
    auto read = sudoku::formats::read_kattis(dir);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(read));
    return std::get<std::vector<sudoku::Diagnostic>>(read);
}

bool mentions(const std::vector<sudoku::Diagnostic>& list, const std::string& file_part, const std::string& words) {
    for (const auto& d : list)
        if (d.file.find(file_part) != std::string::npos && d.message.find(words) != std::string::npos) return true;
    return false;
}

std::vector<sp::TestResult> judged(const sp::Problem& p, const std::map<std::string, Judgement>& not_accepted) {
    std::vector<sp::TestResult> out;
    for (const auto& t : p.tests) {
        auto it = not_accepted.find(t.name);
        out.push_back({it == not_accepted.end() ? Judgement::accepted : it->second, true, std::nullopt, std::nullopt});
    }
    return out;
}

// Legacy: a scoring problem whose secret group takes the minimum of its tests' scores
// (grader_flags: min), the default validator with a float tolerance, no time limit (derived).
std::filesystem::path legacy_min_package() {
    const auto dir = scratch("legacy-min") / "average";
    write_text(dir / "problem.yaml",
               "name: Average\nsource: NWERC\nlicense: cc by-sa\ntype: scoring\n"
               "validator_flags: float_tolerance 1e-6\nlimits:\n  memory: 512\n  time_multiplier: 3\n");
    write_text(dir / "data/sample/1.in", "1 2\n");
    write_text(dir / "data/sample/1.ans", "1.5\n");
    write_text(dir / "data/sample/testdata.yaml", "accept_score: 0\n");
    write_text(dir / "data/secret/testdata.yaml",
               "on_reject: continue\ngrader_flags: min\naccept_score: 25\nrange: 0 25\n");
    for (int i = 1; i <= 3; ++i) {
        write_text(dir / "data/secret" / (std::to_string(i) + ".in"), std::to_string(i) + " 0\n");
        write_text(dir / "data/secret" / (std::to_string(i) + ".ans"), std::to_string(i / 2.0) + "\n");
    }
    write_text(dir / "submissions/accepted/avg.cpp", "int main() {}\n");
    write_text(dir / "submissions/wrong_answer/int.py", "print(1)\n");
    return dir;
}

// 2025-09: secret holds two groups; group2 (sum of its tests, 60 points) requires group1
// (pass-fail, 40 points); a custom output validator may write score.txt. Its problem.yaml holds
// more for the reader to map than the graded package's (a name in two languages, credits, an
// output limit); its submissions are listed, never built.
std::filesystem::path nested_2025_package() {
    const auto dir = scratch("nested-2025") / "paths";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: {en: Paths, sv: Stigar}\nuuid: 1\ntype: scoring\n"
               "credits: Ada\nlimits:\n  time_limit: 2\n  memory: 256\n  output: 16\n");
    package_test::write_paths_tests(dir);
    write_text(dir / "submissions/accepted/sol.cpp", "int main() {}\n");
    write_text(dir / "submissions/time_limit_exceeded/slow.java", "class A {}\n");
    return dir;
}

}  // namespace

TEST_CASE("kattis legacy: grader_flags min, accept_score and a float tolerance map to the model") {
    const auto p = read_ok(legacy_min_package());
    CHECK(p.title == "Average");
    CHECK(p.type == sp::ProblemType::scoring);
    CHECK(p.limits.memory_mib == 512);
    CHECK(p.memory_is_run_time_error);
    REQUIRE(p.time_rule.derived);
    CHECK(p.time_rule.ac_to_time_limit == 3);
    CHECK(p.time_rule.time_limit_to_tle == 2);  // legacy's default time_safety_margin
    CHECK(p.checker.kind == sp::CheckerKind::floats);
    CHECK(p.checker.float_absolute == 1e-6);
    CHECK(p.checker.float_relative == 1e-6);
    REQUIRE(p.tests.size() == 4);
    CHECK(p.tests[0].name == "sample/1");
    CHECK(p.tests[0].sample);
    CHECK(p.tests[3].name == "secret/3");
    const auto* secret = sp::find_group(p, "secret");
    REQUIRE(secret);
    CHECK(secret->aggregation == sp::Aggregation::min);
    CHECK_FALSE(secret->stop_on_reject);
    CHECK(secret->accept_score == 25);
    // Legacy groups inherit what their parent folder's testdata.yaml says; data/ has none here.
    // Score: data sums sample (accept_score 0) and secret (the minimum of 25s): 25 when all pass,
    // 0 when one secret test fails.
    CHECK(sp::score_problem(p, judged(p, {})).score == Approx(25));
    const auto one_wrong = sp::score_problem(p, judged(p, {{"secret/2", Judgement::wrong_answer}}));
    CHECK(one_wrong.score == Approx(0));
    CHECK(one_wrong.judgement == Judgement::wrong_answer);
    REQUIRE(p.expectations.size() == 2);
    CHECK(p.expectations[0].contestant == "accepted-avg.cpp");
    CHECK(p.expectations[0].submission.language == "cpp");
    CHECK(p.expectations[0].permitted == std::vector<Judgement>{Judgement::accepted});
    CHECK(p.expectations[1].submission.language == "python");
    CHECK(p.expectations[1].required == std::vector<Judgement>{Judgement::wrong_answer});
}

TEST_CASE("kattis 2025-09: nested groups, require_pass and a custom validator map to the model") {
    const auto p = read_ok(nested_2025_package());
    CHECK(p.title == "Paths");
    CHECK_FALSE(p.time_rule.derived);
    CHECK(p.limits.time_s == 2);
    CHECK(p.limits.output_kib == 16 << 10);
    CHECK(p.checker.kind == sp::CheckerKind::program);
    CHECK(p.checker.protocol == sp::CheckerProtocol::kattis);
    CHECK(p.checker.program.language == "cpp");
    const auto* g1 = sp::find_group(p, "secret/group1");
    const auto* g2 = sp::find_group(p, "secret/group2");
    REQUIRE(g1);
    REQUIRE(g2);
    CHECK(g1->parent == "secret");
    CHECK(g1->aggregation == sp::Aggregation::pass_fail);  // the default for a group
    CHECK(g2->aggregation == sp::Aggregation::sum);
    CHECK(g2->accept_score == Approx(20));  // 60 shared by 3 tests
    CHECK(g2->require_pass == std::vector<std::string>{"secret/group1"});
    REQUIRE(sp::max_score(p));
    CHECK(*sp::max_score(p) == Approx(100));
    // Everything accepted: 40 + 60.
    CHECK(sp::score_problem(p, judged(p, {})).score == Approx(100));
    // One group2 test wrong: 40 + 20 + 20.
    CHECK(sp::score_problem(p, judged(p, {{"secret/group2/b", Judgement::wrong_answer}})).score == Approx(80));
    // group1 failed: group2 is not scored at all (require_pass).
    CHECK(sp::score_problem(p, judged(p, {{"secret/group1/01", Judgement::time_limit_exceeded}})).score == Approx(0));
    // A validator's score_multiplier.txt of 0.5 on one group2 test: 40 + 20 + 10 + 20.
    auto results = judged(p, {});
    results[3].multiplier = 0.5;
    REQUIRE(p.tests[3].group == "secret/group2");
    CHECK(sp::score_problem(p, results).score == Approx(90));
    REQUIRE(p.expectations.size() == 2);
    CHECK(p.expectations[1].submission.language == "java");
    CHECK(p.expectations[1].required == std::vector<Judgement>{Judgement::time_limit_exceeded});
}

TEST_CASE("kattis: the submission folders require what their version's table says, and bound the time limit so") {
    // 2025-09: time_limit_exceeded all AC or TLE, run_time_error all AC or RTE; wrong_answer and
    // run_time_error (not permitted to time out) bound a derived time limit from below, as
    // accepted does, time_limit_exceeded from above. Legacy: TLE may also answer wrong, RTE may do
    // anything; only accepted bounds from below.
    const auto dir = nested_2025_package();
    write_text(dir / "submissions/wrong_answer/wrong.cpp", "int main() {}\n");
    write_text(dir / "submissions/run_time_error/crash.cpp", "int main() {}\n");
    const auto p = read_ok(dir);
    const auto expectation = [&](const std::string& name) {
        for (const auto& e : p.expectations)
            if (e.contestant == name) return e;
        FAIL("no expectation " << name);
        return sp::Expectation{};
    };
    using J = Judgement;
    CHECK(expectation("time_limit_exceeded-slow.java").permitted ==
          std::vector<J>{J::accepted, J::time_limit_exceeded});
    CHECK(expectation("run_time_error-crash.cpp").permitted == std::vector<J>{J::accepted, J::run_time_error});
    CHECK(expectation("accepted-sol.cpp").time_limit_use == sp::TimeLimitUse::lower);
    CHECK(expectation("wrong_answer-wrong.cpp").time_limit_use == sp::TimeLimitUse::lower);
    CHECK(expectation("run_time_error-crash.cpp").time_limit_use == sp::TimeLimitUse::lower);
    CHECK(expectation("time_limit_exceeded-slow.java").time_limit_use == sp::TimeLimitUse::upper);

    const auto legacy = legacy_min_package();
    write_text(legacy / "submissions/time_limit_exceeded/slow.cpp", "int main() {}\n");
    write_text(legacy / "submissions/run_time_error/crash.cpp", "int main() {}\n");
    const auto l = read_ok(legacy);
    for (const auto& e : l.expectations) {
        INFO(e.contestant);
        if (e.folder == "time_limit_exceeded")
            CHECK(e.permitted == std::vector<J>{J::accepted, J::wrong_answer, J::time_limit_exceeded});
        if (e.folder == "run_time_error") CHECK(e.required == std::vector<J>{J::run_time_error});
        CHECK(e.time_limit_use == (e.folder == "accepted"              ? sp::TimeLimitUse::lower
                                   : e.folder == "time_limit_exceeded" ? sp::TimeLimitUse::upper
                                                                       : sp::TimeLimitUse::none));
    }
}

TEST_CASE("kattis legacy: partially_accepted scores less than the top of the root's range") {
    // The tests give at most 25 (secret's minimum of 25s); data/'s range tops at 20, which the
    // spec's "must not be max of range" names as the full score.
    const auto dir = legacy_min_package();
    write_text(dir / "submissions/partially_accepted/part.cpp", "int main() {}\n");
    write_text(dir / "data/testdata.yaml", "range: 0 20\n");
    const auto p = read_ok(dir);
    bool seen = false;
    for (const auto& e : p.expectations)
        if (e.folder == "partially_accepted") {
            seen = true;
            REQUIRE(e.score);
            CHECK(e.score->min == 0);
            CHECK(e.score->max < 20);
            CHECK(e.score->max > 19.99);
        }
    CHECK(seen);
}

TEST_CASE("kattis: an interactive problem is refused with the reason") {
    const auto dir = legacy_min_package();
    write_text(dir / "problem.yaml", "name: Guess\nvalidation: custom interactive\n");
    const auto list = refusals_of(dir);
    CHECK(mentions(list, "problem.yaml", "interactive"));
    write_text(dir / "problem.yaml", "problem_format_version: 2023-07-draft\nname: Guess\ntype: interactive\n");
    CHECK(mentions(refusals_of(dir), "problem.yaml", "interactive"));
}

TEST_CASE("kattis: a test file linking out of the package is refused, one inside followed") {
    const auto dir = legacy_min_package();
    write_text(dir.parent_path() / "outside.ans", "1\n");
    std::filesystem::remove(dir / "data/secret/1.ans");
    // A relative link, as a package carries one: it climbs out of data/secret and out of the package.
    std::filesystem::create_symlink(std::filesystem::relative(dir.parent_path() / "outside.ans", dir / "data/secret"),
                                    dir / "data/secret/1.ans");
    std::filesystem::remove(dir / "data/secret/2.ans");
    std::filesystem::create_symlink("3.ans", dir / "data/secret/2.ans");
    const auto list = refusals_of(dir);
    REQUIRE(list.size() == 1);
    CHECK(mentions(list, "data/secret/1.ans", "link leading out of the package"));
}

TEST_CASE("kattis: every refusal is listed at once, each at its file and line") {
    const auto dir = legacy_min_package();
    write_text(dir / "problem.yaml", "name: X\nvalidation: custom frobnicate\n");
    write_text(dir / "data/secret/testdata.yaml", "grader_flags: median\n");
    const auto list = refusals_of(dir);
    CHECK(mentions(list, "problem.yaml", "frobnicate"));
    CHECK(mentions(list, "secret/testdata.yaml", "unknown grader flag 'median'"));
    for (const auto& d : list)
        if (d.file.find("testdata.yaml") != std::string::npos) CHECK(d.line == 1);
}

TEST_CASE("kattis: an unknown output validator protocol or default validator flag is refused") {
    const auto dir = legacy_min_package();
    write_text(dir / "problem.yaml", "name: X\nvalidator_flags: float_tolerance 1e-6 ignore_case\n");
    CHECK(mentions(refusals_of(dir), "problem.yaml", "no flag 'ignore_case'"));
    write_text(dir / "problem.yaml", "name: X\nvalidation: custom\n");
    write_text(dir / "output_validators/v/validate.rb", "exit 42\n");
    CHECK(mentions(refusals_of(dir), "output_validators", "language"));
}
