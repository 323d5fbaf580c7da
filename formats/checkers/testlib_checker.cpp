// A checker in testlib's protocol, for Polygon-style hosts (and sudoku-judge's `checker: <path>`):
// `checker input output answer`; exit 0 ok, 1 wrong answer, 3 a judge failure, the message on
// stderr as testlib words it. Presentation error (2) is never given: a misprinted grid is wrong,
// as in sudoku-judge.
#include <fstream>
#include <iostream>

#include "sudoku_check_core.hpp"

namespace {

const int kOk = 0;
const int kWrongAnswer = 1;
const int kFail = 3;

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "FAIL usage: " << argv[0] << " input output answer\n";
        return kFail;
    }
    std::ifstream output(argv[2], std::ios::binary);
    if (!output) {
        std::cerr << "FAIL cannot read the output " << argv[2] << "\n";
        return kFail;
    }
    const sudoku_check::Result result = sudoku_check::check(SUDOKU_CHECK_PROBLEM, argv[1], output);
    switch (result.outcome) {
        case sudoku_check::Outcome::accepted:
            std::cerr << "ok " << result.message << "\n";
            return kOk;
        case sudoku_check::Outcome::wrong:
            std::cerr << "wrong answer " << result.message << "\n";
            return kWrongAnswer;
        case sudoku_check::Outcome::judge_error:
            break;
    }
    std::cerr << "FAIL " << result.message << "\n";
    return kFail;
}
