// The mixed example (examples/mixed) graded end to end by the "example: run the mixed contest"
// fixture: the target sudoku, a stdio problem with the float checker and a file-I/O problem with
// a testlib-protocol checker, contestants in C++, C and Python.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "example_run.hpp"

using namespace sudoku::testing;

namespace {

nlohmann::json mixed_results() {
    std::ifstream in(std::filesystem::path(MIXED_RUN_DIR) / "judge-out/results.json");
    INFO("graded by the ctest fixture 'example: run the mixed contest': run ctest -R example");
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("mixed example: each contestant scores what the example's README promises, in their language") {
    const auto results = mixed_results();
    const auto& alice = contestant_of(results, "alice");
    const auto& bob = contestant_of(results, "bob");
    const auto& carol = contestant_of(results, "carol");
    CHECK(alice["total"] == 290);  // target 100, circle 90, pairs 100
    CHECK(bob["total"] == 130);    // circle: only r = 0 right with two decimals; pairs 100
    CHECK(carol["total"] == 90);   // circle right; pairs: 0 is not positive (the checker's WA)
    CHECK(problem_of(alice, "target")["language"] == "cpp");
    CHECK(problem_of(bob, "circle")["language"] == "c");
    CHECK(problem_of(carol, "circle")["language"] == "python");
    CHECK(problem_of(bob, "target")["status"] == "missing");
    CHECK(verdicts_of(problem_of(bob, "circle")) == std::vector<std::string>{"AC", "WA", "WA"});
    const auto& carol_pairs = problem_of(carol, "pairs");
    CHECK(verdicts_of(carol_pairs) == std::vector<std::string>{"WA", "WA", "WA"});
    CHECK(carol_pairs["tests"][0]["reason"].get<std::string>().find("expected positive integers, found 0") !=
          std::string::npos);
}

TEST_CASE("mixed example: the report shows the plain problems and each submission's language") {
    std::ifstream in(std::filesystem::path(MIXED_RUN_DIR) / "judge-out/report.html");
    REQUIRE(in);
    const std::string html((std::istreambuf_iterator<char>(in)), {});
    CHECK(html.find("<h3>circle <span") != std::string::npos);
    CHECK(html.find("<h3>pairs <span") != std::string::npos);
    // Each submission's language is in the page's data, which the per-contestant view shows.
    CHECK(html.find("\"language\":\"python\"") != std::string::npos);
    CHECK(html.find("\"language\":\"c\"") != std::string::npos);
}

TEST_CASE("mixed example: results.csv names each submission's language") {
    std::ifstream in(std::filesystem::path(MIXED_RUN_DIR) / "judge-out/results.csv");
    REQUIRE(in);
    std::string header, row;
    std::getline(in, header);
    CHECK(header.rfind("rank,contestant,total,problem,problem_points,problem_status,language,test,", 0) == 0);
    bool carol_python = false;
    while (std::getline(in, row)) carol_python |= row.find(",carol,90,circle,90,graded,python,1,") != std::string::npos;
    CHECK(carol_python);
}
