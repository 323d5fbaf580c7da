// Writing a problem in another judge's format: one writer per format (formats/src/export_*.cpp),
// each from the problem model alone.
//
//   format    what is written under DIR/<name>/                       checker, when the answer
//                                                                      is not unique
//   kattis    problem.yaml, .timelimit, data/sample, data/secret/<g>  output_validators/sudoku/
//             with testdata.yaml (legacy keys DOMjudge reads too),     (42 / 43)
//             input_validators/sudoku/ for a sudoku problem
//   domjudge  the Kattis package and domjudge-problem.ini (name,       as kattis
//             timelimit); and DIR/<name>.zip, DOMjudge's problem import
//   hydro     problem.yaml, testdata/config.yaml and the tests;        testdata/checker.cpp (kattis)
//             and DIR/<name>.zip, Hydro's problem import
//   lemon     contest.cdf (one task), data/<name>/, source/             data/<name>/sudoku_spj.cpp
//                                                                      (LemonLime's special judge)
//   cms       task.yaml, input/inputN.txt, output/outputN.txt,         check/checker.cpp
//             gen/GEN (subtasks: points and test count)
//
// Kattis has no file I/O: a problem read from named files is exported as standard I/O, and the
// export's notes say so. Hydro, LemonLime and CMS keep the file names.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/common/enum_names.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats {

enum class ExportFormat { kattis, domjudge, hydro, lemon, cms };

// The Kattis package's version. One problem.yaml states one version and readers take its data
// configuration from that version's files alone (legacy: testdata.yaml; 2025-09: test_group.yaml,
// and problem.yaml's legacy keys are errors there), so the two cannot share a package.
enum class KattisExportVersion { legacy, v2025_09 };

struct ExportOptions {
    KattisExportVersion kattis = KattisExportVersion::legacy;  // DOMjudge's is always legacy
};

// A problem as the writers take it: the model, and what only our test sets know.
struct ExportProblem {
    problem::Problem problem;  // tests with readable paths; groups "sample", "secret/<g>" under "data"
    // The solver problem whose checker (formats/checkers/) judges the output, when any valid
    // completion is right; empty: the host's own token comparison.
    std::string any_valid;
    // The solver problem whose input layout every test is in (configs' `problem:`), for the input
    // validator the Kattis package carries; empty for a plain problem, whose tests have no layout
    // the writers know.
    std::string input_layout;
    // sha256 of each test file, by the file's path as the test names it.
    std::map<std::filesystem::path, std::string> sha256;
};

struct ExportResult {
    std::filesystem::path directory;  // DIR/<name>
    std::filesystem::path archive;    // DIR/<name>.zip for the hosts that import a zip, else empty
    std::vector<std::string> notes;   // what the format could not carry, and how it was mapped
};

// A whole contest: its problems in order, and what a contest system's import asks beside them.
struct ExportContest {
    std::filesystem::path source;  // the contest file it was read from, for messages
    std::string name;              // the title
    std::string short_name;        // DOMjudge's short-name and CMS's name: [a-z0-9-] of the title
    std::string start_time;        // DOMjudge's start-time, ISO 8601 with its offset
    std::string duration;          // DOMjudge's duration, H:MM:SS
    std::vector<ExportProblem> problems;
};

struct ContestExportResult {
    std::filesystem::path directory;  // DIR
    std::vector<std::string> notes;   // each problem's, prefixed with its name, then the contest's
};

// Writes `problem` in `format` to out/<name>/ (replacing nothing: an existing folder is refused);
// for Kattis and DOMjudge <name> keeps only the letters and digits of the problem's name.
// A Diagnostic names the file or the model's part it could not write.
std::variant<ExportResult, Diagnostic> export_problem(const ExportProblem& problem, ExportFormat format,
                                                      const std::filesystem::path& out,
                                                      const ExportOptions& options = {});

// Writes the whole contest in `format` into `out`, which must not exist or be empty; a failure
// leaves it as it was. What DIR holds per format:
//   kattis    <name>/ a package per problem, contest.yaml and problems.yaml (the ICPC contest
//             package: id, label, name, rgb, time_limit)
//   domjudge  <name>.zip per problem, contest.yaml (name, short-name, start-time, duration) and
//             problems.yaml, which DOMjudge's contest import reads
//   hydro     <name>.zip per problem
//   lemon     one contest.cdf with a task per problem, data/<name>/ each, source/
//   cms       <name>/ a task per problem and contest.yaml (name, description, tasks, users) for
//             cmsImportContest's italy_yaml loader
std::variant<ContestExportResult, Diagnostic> export_contest(const ExportContest& contest, ExportFormat format,
                                                             const std::filesystem::path& out);

}  // namespace sudoku::formats

template <>
struct sudoku::EnumNames<sudoku::formats::KattisExportVersion> {
    static constexpr std::string_view names[] = {"legacy", "2025-09"};
};

template <>
struct sudoku::EnumNames<sudoku::formats::ExportFormat> {
    static constexpr std::string_view names[] = {"kattis", "domjudge", "hydro", "lemon", "cms"};
};
