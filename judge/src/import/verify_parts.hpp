// verify's second half: the package's input validators over every test (sudoku/judge/import/verify.hpp).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace sudoku::judge::verify {

// Compiles each validator of `problem` (expectations.json's entry) in `scratch` and runs it on
// every test of the contest's problem: stdin the input, exit accept_exit expected. Appends a
// check for each test it rejects and for each validator it cannot run.
void run_validators(const Contest& contest, const nlohmann::json& problem, const std::filesystem::path& scratch,
                    std::vector<ValidatorCheck>& out);

}  // namespace sudoku::judge::verify
