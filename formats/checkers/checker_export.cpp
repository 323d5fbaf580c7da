// One checker source from the embedded core and wrapper (sudoku/formats/checker_export.hpp). The core is
// inlined at export rather than kept as a second file so that each host gets the one file it
// compiles: Kattis, Hydro, LemonLime and CMS each take a checker as a single source.
#include "sudoku/formats/checker_export.hpp"

#include <stdexcept>

#include "sudoku/solver/problems.hpp"

namespace sudoku::formats {

namespace embedded {
extern const std::string_view sudoku_check_core_hpp;
extern const std::string_view kattis_validator_cpp;
extern const std::string_view testlib_checker_cpp;
extern const std::string_view lemon_special_judge_cpp;
extern const std::string_view cms_checker_cpp;
extern const std::string_view input_validator_cpp;
}  // namespace embedded

namespace {

constexpr std::string_view kCoreInclude = "#include \"sudoku_check_core.hpp\"\n";

std::string_view wrapper_of(CheckerHost host) {
    switch (host) {
        case CheckerHost::kattis:
            return embedded::kattis_validator_cpp;
        case CheckerHost::testlib:
            return embedded::testlib_checker_cpp;
        case CheckerHost::lemon:
            return embedded::lemon_special_judge_cpp;
        case CheckerHost::cms:
            return embedded::cms_checker_cpp;
    }
    throw std::invalid_argument("unknown checker host");
}

}  // namespace

bool needs_checker(std::string_view problem) {
    const Problem* found = find_problem(problem);
    return found && found->any_valid_solution;
}

std::string_view checker_file_name(CheckerHost host) {
    switch (host) {
        case CheckerHost::kattis:
            return "kattis_validator.cpp";
        case CheckerHost::testlib:
            return "testlib_checker.cpp";
        case CheckerHost::lemon:
            return "lemon_special_judge.cpp";
        case CheckerHost::cms:
            return "cms_checker.cpp";
    }
    throw std::invalid_argument("unknown checker host");
}

std::string checker_source(CheckerHost host, std::string_view problem) {
    if (!needs_checker(problem))
        throw std::invalid_argument("the problem '" + std::string(problem) +
                                    "' has a unique answer: the host's own comparison checks it");
    const std::string_view wrapper = wrapper_of(host);
    const size_t include = wrapper.find(kCoreInclude);
    if (include == std::string_view::npos)
        throw std::logic_error(std::string(checker_file_name(host)) + ": no line " + std::string(kCoreInclude));
    std::string text = "// Written by sudoku-gen export: the " + std::string(problem) + " checker (" +
                       std::string(checker_file_name(host)) +
                       "), self-contained.\n// Build: g++ -O2 -std=c++11 -o checker THIS_FILE\n";
    text += "#define SUDOKU_CHECK_PROBLEM \"" + std::string(problem) + "\"\n";
    text += embedded::sudoku_check_core_hpp;
    text += wrapper.substr(0, include);
    text += wrapper.substr(include + kCoreInclude.size());
    return text;
}

std::string input_validator_source(std::string_view problem) {
    if (!find_problem(problem))
        throw std::invalid_argument("'" + std::string(problem) + "' is not a sudoku problem: no input validator");
    return "// Written by sudoku-gen export: the input validator of the " + std::string(problem) +
           " tests, self-contained.\n// Build: g++ -O2 -std=c++11 -o validator THIS_FILE\n#define "
           "SUDOKU_VALIDATE_PROBLEM \"" +
           std::string(problem) + "\"\n" + std::string(embedded::input_validator_cpp);
}

}  // namespace sudoku::formats
