// The example contest graded once by the "example: run" ctest fixture (scripts/run-example into
// the build tree), and lookups into its results.json for the tests that read it.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace sudoku::testing {

inline std::filesystem::path example_dir() { return EXAMPLE_RUN_DIR; }
inline std::filesystem::path example_out() { return example_dir() / "judge-out"; }

inline nlohmann::json example_results() {
    std::ifstream in(example_out() / "results.json");
    INFO("the example is graded by the ctest fixture 'example: run the example contest': run ctest -R example");
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

inline const nlohmann::json& contestant_of(const nlohmann::json& results, const std::string& name) {
    for (const auto& c : results.at("contestants"))
        if (c.at("name") == name) return c;
    FAIL("no contestant " << name << " in results.json");
    throw std::logic_error("unreachable");
}

inline const nlohmann::json& problem_of(const nlohmann::json& contestant, const std::string& problem) {
    for (const auto& p : contestant.at("problems"))
        if (p.at("problem") == problem) return p;
    FAIL("no problem " << problem << " for " << contestant.at("name"));
    throw std::logic_error("unreachable");
}

// The verdicts of a contestant's tests on a problem, optionally only those of one group.
inline std::vector<std::string> verdicts_of(const nlohmann::json& problem, const std::string& group = "") {
    std::vector<std::string> v;
    for (const auto& t : problem.at("tests"))
        if (group.empty() || t.at("group") == group) v.push_back(t.at("verdict"));
    return v;
}

}  // namespace sudoku::testing
