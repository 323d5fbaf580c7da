// The example contest's scoreboard is the one a person expects from each contestant's program
// (examples/contest/contestants/README.md), read from the results.json that run-example wrote.
#include <algorithm>

#include "example_run.hpp"

using namespace sudoku::testing;
using Json = nlohmann::json;

namespace {

bool all_are(const std::vector<std::string>& verdicts, const std::string& v) {
    return !verdicts.empty() && std::all_of(verdicts.begin(), verdicts.end(), [&](const auto& x) { return x == v; });
}

const Json& group_of(const Json& problem, const std::string& name) {
    for (const auto& g : problem.at("groups"))
        if (g.at("name") == name) return g;
    FAIL("no group " << name);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("alice, correct and fast, gets full marks on every problem and ranks first alone") {
    Json r = example_results();
    const Json& alice = contestant_of(r, "alice");
    for (const auto& p : alice.at("problems")) {
        INFO(p.at("problem"));
        CHECK(all_are(verdicts_of(p), "AC"));
        CHECK(p.at("points") == p.at("max_points"));
        CHECK(p.at("max_points").get<double>() > 0);
    }
    CHECK(alice.at("rank") == 1);
    for (const auto& c : r.at("contestants"))
        if (c.at("name") != "alice") CHECK(c.at("total").get<double>() < alice.at("total").get<double>());
}

TEST_CASE("bob, the naive enumerator, loses exactly the brute-force-hard group of target, by TLE") {
    Json r = example_results();
    const Json& target = problem_of(contestant_of(r, "bob"), "target");
    CHECK(all_are(verdicts_of(target, "brute-force-hard"), "TLE"));
    for (const auto& g : target.at("groups")) {
        INFO(g.at("name"));
        CHECK(g.at("passed") == (g.at("name") != "brute-force-hard"));
        if (g.at("name") != "brute-force-hard") CHECK(all_are(verdicts_of(target, g.at("name")), "AC"));
    }
    const Json& hard = group_of(target, "brute-force-hard");
    CHECK(target.at("points").get<double>() ==
          target.at("max_points").get<double>() - hard.at("max_points").get<double>());
    // Plain backtracking is right on POJ 2676; on the sparser POJ 3074 it may only be slow.
    CHECK(all_are(verdicts_of(problem_of(contestant_of(r, "bob"), "poj2676")), "AC"));
    for (const auto& v : verdicts_of(problem_of(contestant_of(r, "bob"), "poj3074"))) CHECK((v == "AC" || v == "TLE"));
}

TEST_CASE("carol's greedy gets mostly wrong answers on every problem") {
    Json r = example_results();
    for (const auto& p : contestant_of(r, "carol").at("problems")) {
        INFO(p.at("problem"));
        auto v = verdicts_of(p);
        auto wrong = std::count(v.begin(), v.end(), "WA");
        CHECK(wrong * 2 > static_cast<long>(v.size()));
        CHECK(p.at("points").get<double>() < p.at("max_points").get<double>() / 2);
    }
}

TEST_CASE("dave writes to stdout instead of sudoku.out, so every target test he finishes has missing output") {
    Json r = example_results();
    const Json& target = problem_of(contestant_of(r, "dave"), "target");
    CHECK(all_are(verdicts_of(target, "dense"), "MISSING"));
    // He enumerates like bob: on the brute-force-hard tests he runs out of time before writing.
    for (const auto& t : target.at("tests")) {
        INFO("test " << t.at("test"));
        if (t.at("verdict") == "MISSING")
            CHECK_THAT(t.at("reason").get<std::string>(), Catch::Contains("stdout"));
        else
            CHECK((t.at("verdict") == "TLE" && t.at("group") == "brute-force-hard"));
    }
    CHECK(target.at("points") == 0);
    CHECK(problem_of(contestant_of(r, "dave"), "poj2676").at("status") == "missing");
}

TEST_CASE("erin's abort is a runtime error by signal 6 on every target test") {
    Json r = example_results();
    const Json& target = problem_of(contestant_of(r, "erin"), "target");
    CHECK(all_are(verdicts_of(target), "RE"));
    for (const auto& t : target.at("tests")) CHECK_THAT(t.at("reason").get<std::string>(), Catch::Contains("signal 6"));
    CHECK(contestant_of(r, "erin").at("total") == 0);
}

TEST_CASE("frank's 512 MiB is a memory limit exceeded on every target test") {
    Json r = example_results();
    const Json& target = problem_of(contestant_of(r, "frank"), "target");
    CHECK(all_are(verdicts_of(target), "MLE"));
    CHECK(contestant_of(r, "frank").at("total") == 0);
}

TEST_CASE("grace's give-up prints -1 on the hard tests (WA) and is right on the easy ones") {
    Json r = example_results();
    const Json& target = problem_of(contestant_of(r, "grace"), "target");
    CHECK(all_are(verdicts_of(target, "brute-force-hard"), "WA"));
    CHECK(all_are(verdicts_of(target, "dense"), "AC"));
    CHECK(all_are(verdicts_of(target, "no-completion"), "AC"));
    CHECK(group_of(target, "dense").at("passed") == true);
    CHECK(group_of(target, "brute-force-hard").at("passed") == false);
}

TEST_CASE("every total is the sum of its problems' points and the ranking follows the totals") {
    Json r = example_results();
    const Json* previous = nullptr;
    for (const auto& c : r.at("contestants")) {
        double sum = 0;
        for (const auto& p : c.at("problems")) sum += p.at("points").get<double>();
        CHECK(c.at("total").get<double>() == Approx(sum));
        if (previous) {
            CHECK(c.at("total").get<double>() <= previous->at("total").get<double>());
            CHECK(c.at("rank").get<int>() >= previous->at("rank").get<int>());
        }
        previous = &c;
    }
    CHECK(r.at("contestants").size() == 7);
    CHECK(std::filesystem::exists(example_out() / "report.html"));
    CHECK(std::filesystem::exists(example_out() / "results.csv"));
}
