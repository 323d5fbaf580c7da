// Kattis / ICPC output validator: `validator input answer feedback_dir < output`. Exit 42 accepted,
// 43 wrong answer, anything else a judge error; the reason goes to feedback_dir/judgemessage.txt.
// Hydro runs it as its `kattis` checker type, DOMjudge as a problem's output validator.
#include <fstream>
#include <iostream>
#include <string>

#include "sudoku_check_core.hpp"

namespace {

const int kAccepted = 42;
const int kWrongAnswer = 43;
const int kJudgeError = 1;

void tell(const std::string& feedback_dir, const std::string& message) {
    std::ofstream(feedback_dir + "/judgemessage.txt") << message << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: " << argv[0] << " input answer feedback_dir < output\n";
        return kJudgeError;
    }
    const sudoku_check::Result result = sudoku_check::check(SUDOKU_CHECK_PROBLEM, argv[1], std::cin);
    tell(argv[3], result.message);
    switch (result.outcome) {
        case sudoku_check::Outcome::accepted:
            return kAccepted;
        case sudoku_check::Outcome::wrong:
            return kWrongAnswer;
        case sudoku_check::Outcome::judge_error:
            break;
    }
    std::cerr << result.message << "\n";
    return kJudgeError;
}
