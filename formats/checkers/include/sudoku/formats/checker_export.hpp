// The checkers written for other judges: one self-contained C++ source per protocol for each
// problem that accepts any valid completion (formats/checkers/, the core's header says what it reads),
// and for every sudoku problem the input validator of its tests.
#pragma once

#include <string>
#include <string_view>

namespace sudoku::formats {

// How the host judge runs a checker and reads its verdict.
enum class CheckerHost {
    kattis,   // Kattis / ICPC output validator, DOMjudge, Hydro's `kattis` type: exit 42 / 43
    testlib,  // Polygon-style hosts, Hydro's `testlib` type: exit 0 / 1 / 3, message on stderr
    lemon,    // LemonLime's special judge: score file and report file
    cms,      // CMS: the fraction on stdout, the message on stderr
};

// Whether `problem` (a solver problem name, configs' `problem:`) needs a checker of its own
// because its answer is not unique.
bool needs_checker(std::string_view problem);

// The whole checker source for `problem` in `host`'s protocol: the checking core inlined, the
// problem fixed, standard C++11 (g++ -O2 -std=c++11 -o checker FILE). Throws std::invalid_argument
// for a problem without a checker of its own.
std::string checker_source(CheckerHost host, std::string_view problem);

// The name the source goes by in the exports: "kattis_validator.cpp", ...
std::string_view checker_file_name(CheckerHost host);

// The input validator of `problem`'s tests (a solver problem name), self-contained standard C++11
// in Kattis's protocol: exit 42 when the input is in exactly the layout sudoku-gen writes, 43
// otherwise (formats/checkers/input_validator.cpp). Throws std::invalid_argument for a name that
// is not a sudoku problem.
std::string input_validator_source(std::string_view problem);

}  // namespace sudoku::formats
