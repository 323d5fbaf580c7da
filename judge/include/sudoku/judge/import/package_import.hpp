// Bringing another judge's problem package here: `sudoku-judge import SOURCE --out DIR`.
//
//   SOURCE                     a package folder (Kattis / ICPC: problem.yaml and data/; DOMjudge:
//                              domjudge-problem.ini or .timelimit; Polygon: problem.xml), a .zip of
//                              one (unpacked into DIR/package/: Polygon's when its shallowest
//                              marker, at the root or one folder down, is problem.xml, else
//                              DOMjudge's), or a LemonLime contest's .cdf (import-lemon's path)
//   DIR/CONTEST.yaml           contestants: contestants; problems: [folder: <problem>]
//   DIR/<problem>/problem.yaml the problem (sudoku/judge/contest/plain_problem.hpp): every test listed with its
//                              files in the package (left untouched), the limits, the checker
//                              (a custom output validator compiled to DIR/<problem>/validator,
//                              checker_protocol: kattis), the groups and their scoring
//   DIR/contestants/<name>/    the package's own submissions, one contestant each, named after
//                              their folder and file ("accepted-hello.cpp")
//   DIR/expectations.json      what each of them must get (sudoku-judge verify reads it)
//
// A time limit the format derives from the submissions (Kattis without limits.time_limit) is
// found as calibrate does: the accepted submissions graded under a generous limit, their slowest
// run times the format's multiplier, rounded up to its resolution. Nothing is written unless all of
// it maps: the contest is built in a fresh folder beside DIR, loaded as the grader will load it,
// and only then renamed to DIR (which must not exist, or be an empty folder). Every refusal is
// returned at once, each naming its file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

struct PackageImport {
    std::filesystem::path contest_file;
    problem::PackageFormat format = problem::PackageFormat::kattis;
    std::vector<std::string> notes;  // what the import decided that the host should know
};

// The format of `source` from its marker files, or nothing.
std::optional<problem::PackageFormat> detect_package_format(const std::filesystem::path& source);

// `format` unset: detect_package_format's.
std::variant<PackageImport, std::vector<Diagnostic>> import_package(const std::filesystem::path& source,
                                                                    const std::filesystem::path& out_dir,
                                                                    std::optional<problem::PackageFormat> format);

// The expectations file beside CONTEST.yaml.
inline constexpr const char* kExpectationsFile = "expectations.json";

}  // namespace sudoku::judge
