// Reading a Polygon problem package (the full package, Linux) into the problem model.
//
//   problem.xml                       one testset of <judging> (the one named "tests"):
//     <time-limit> (ms), <memory-limit> (bytes)
//     <input-path-pattern>, <answer-path-pattern>     printf patterns of the test's number, 1 up
//     <tests><test sample= group= points= method=/>  in order; a test's points are what it scores
//     <groups><group name= points-policy=>            each-test: the sum of its accepted tests'
//                                                     points; complete-group: all of them when
//                                                     every test is accepted, else 0
//         <dependencies><dependency group=/>          groups that must be fully accepted first
//   <assets><checker><source path=>                   the checker, testlib's protocol, compiled
//                                                     with the package's own testlib header
//   <assets><solutions><solution tag=><source path=>  expectations: main, accepted, wrong-answer,
//                                                     time-limit-exceeded, memory-limit-exceeded,
//                                                     time-limit-exceeded-or-accepted,
//                                                     presentation-error, failed, rejected
// A problem whose tests carry no points is pass-fail. Refused, every one listed at once with its
// file and place: a path leaving the package, an unknown points-policy or tag, a test missing.
#pragma once

#include <filesystem>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats {

// A folder holding problem.xml.
bool is_polygon_package(const std::filesystem::path& dir);

// The package at `dir` as a problem, or every reason it cannot be one.
std::variant<problem::Problem, std::vector<Diagnostic>> read_polygon(const std::filesystem::path& dir);

}  // namespace sudoku::formats
