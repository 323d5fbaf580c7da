// Time-limit calibration on the example's target problem: alice is the model, bob the naive one.
#include <algorithm>

#include "example_run.hpp"
#include "sudoku/judge/grading/calibrate.hpp"

using namespace sudoku::judge;
using namespace sudoku::testing;

TEST_CASE("a proposed limit is the factor times the slowest run, rounded up to a readable step") {
    CHECK(round_up_limit(0.3) == Approx(0.3));
    CHECK(round_up_limit(0.31) == Approx(0.4));
    CHECK(round_up_limit(0.01) == Approx(0.1));
    CHECK(round_up_limit(1.2) == Approx(1.5));
    CHECK(round_up_limit(2.0) == Approx(2.0));
}

TEST_CASE("calibrating target proposes 3x alice's slowest run and flags the tests bob also passes") {
    auto loaded = load_contest(example_dir() / "contest.yaml");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) FAIL(d->to_string());
    const Contest& contest = std::get<Contest>(loaded);
    CalibrationRequest request{"target", {"alice"}, {"bob"}, 3};
    GradeOptions options;
    options.out_dir = example_dir() / "calibrate";
    auto result = calibrate(contest, request, options);
    if (auto* e = std::get_if<std::string>(&result)) FAIL(*e);
    const Calibration& c = std::get<Calibration>(result);

    double slowest = 0;
    for (const auto& t : c.tests) slowest = std::max(slowest, t.slowest_model_cpu_s);
    CHECK(c.slowest_model_cpu_s == slowest);
    CHECK(c.proposed_limit_s == Approx(round_up_limit(3 * slowest)));
    CHECK(c.proposed_limit_s >= 3 * slowest);
    REQUIRE(c.tests.size() == 8);
    for (const auto& t : c.tests) {
        INFO("test " << t.test << " [" << t.group << "]");
        CHECK(t.models_accepted);
        REQUIRE(t.naive_verdicts.size() == 1);
        // The plain enumerator needs seconds on the brute-force-hard tests and nothing on the dense ones.
        if (t.group == "brute-force-hard") CHECK((t.separates && t.naive_verdicts[0] == Verdict::TLE));
        if (t.group == "dense") CHECK_FALSE(t.separates);
    }
}

TEST_CASE("calibration refuses an unknown problem or contestant, and a model that is not accepted") {
    auto loaded = load_contest(example_dir() / "contest.yaml");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) FAIL(d->to_string());
    const Contest& contest = std::get<Contest>(loaded);
    GradeOptions options;
    options.out_dir = example_dir() / "calibrate-bad";
    auto unknown = calibrate(contest, {"nope", {"alice"}, {"bob"}, 3}, options);
    REQUIRE(std::holds_alternative<std::string>(unknown));
    CHECK_THAT(std::get<std::string>(unknown), Catch::Contains("no problem 'nope'"));
    auto nobody = calibrate(contest, {"target", {"zed"}, {"bob"}, 3}, options);
    REQUIRE(std::holds_alternative<std::string>(nobody));
    CHECK_THAT(std::get<std::string>(nobody), Catch::Contains("no contestant 'zed'"));
    // carol is wrong: no limit can be proposed from her runs.
    auto wrong_model = calibrate(contest, {"poj2676", {"carol"}, {"bob"}, 3}, options);
    REQUIRE(std::holds_alternative<std::string>(wrong_model));
    CHECK_THAT(std::get<std::string>(wrong_model), Catch::Contains("carol test"));
}
