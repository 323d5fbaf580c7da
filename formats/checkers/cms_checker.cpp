// CMS's checker (a task's check/checker): `checker input correct_output contestant_output`. The
// outcome goes to stdout as a fraction 0.0..1.0, the message to the first line of stderr (CMS's
// "translate:success" when accepted, the reason when not). A nonzero exit is an evaluation failure.
#include <fstream>
#include <iostream>

#include "sudoku_check_core.hpp"

namespace {

const int kDone = 0;
const int kJudgeError = 1;

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: " << argv[0] << " input correct_output contestant_output\n";
        return kJudgeError;
    }
    std::ifstream output(argv[3], std::ios::binary);
    if (!output) {
        std::cerr << "cannot read the output " << argv[3] << "\n";
        return kJudgeError;
    }
    const sudoku_check::Result result = sudoku_check::check(SUDOKU_CHECK_PROBLEM, argv[1], output);
    switch (result.outcome) {
        case sudoku_check::Outcome::accepted:
            std::cout << "1.0\n";
            std::cerr << "translate:success\n";
            return kDone;
        case sudoku_check::Outcome::wrong:
            std::cout << "0.0\n";
            std::cerr << result.message << "\n";
            return kDone;
        case sudoku_check::Outcome::judge_error:
            break;
    }
    std::cerr << result.message << "\n";
    return kJudgeError;
}
