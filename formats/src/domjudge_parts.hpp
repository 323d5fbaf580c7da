// The DOMjudge reader's parts (formats/src/domjudge*.cpp), private to the formats module.
#pragma once

#include "package_files.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats::domjudge {

// A scoring problem's groups as DOMjudge scores them (domjudge_scoring.cpp), over what the Kattis
// reader made of data/.
void apply_scoring(const PackageFiles& files, problem::Problem& problem, Refusals& refusals);

}  // namespace sudoku::formats::domjudge
