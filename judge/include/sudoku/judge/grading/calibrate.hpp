// Time-limit calibration: run the model solutions of a problem on its tests, propose a time limit
// (a factor times the slowest model run, rounded up), then run the naive solutions under that
// limit and say, for each test, whether it separates the models from the naive ones. A test that
// separates nothing adds grading time without telling solutions apart: the setter may drop it.
#pragma once

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/judge/grading/grader.hpp"

namespace sudoku::judge {

struct CalibrationRequest {
    std::string problem;              // a problem of the contest, by config name
    std::vector<std::string> models;  // contestants whose solutions are right and fast
    std::vector<std::string> naive;   // contestants whose solutions are right but slow
    double factor = 3;                // proposed limit = factor x slowest model run, rounded up
};

struct TestCalibration {
    std::string test, group;
    double slowest_model_cpu_s = 0;
    bool models_accepted = false;         // every model AC under the problem's configured limit
    std::vector<Verdict> naive_verdicts;  // under the proposed limit, in request.naive order
    bool separates = false;               // models accepted and at least one naive solution not
};

struct Calibration {
    std::string problem;
    double configured_limit_s = 0;
    double slowest_model_cpu_s = 0;
    double proposed_limit_s = 0;
    std::vector<TestCalibration> tests;  // in test-data order
};

// factor x seconds rounded up: to 0.1 s under 1 s, to 0.5 s from there (limits read well).
double round_up_limit(double seconds);

// Grades the models (configured limits) and then the naive solutions (proposed limit) with the
// judge's grade() in options.out_dir/{models,naive}; an error message for an unknown problem or
// contestant, or a model that is not accepted everywhere (no limit can be proposed from it).
std::variant<Calibration, std::string> calibrate(const Contest& contest, const CalibrationRequest& request,
                                                 const GradeOptions& options);

}  // namespace sudoku::judge
