// LemonLime's special judge: `spj input output answer full_score score_file report_file`. The
// score file gets the points as an integer (the full score or 0), the report file the reason.
// LemonLime has no judge-error answer: a broken test input scores 0, says why, and exits 1.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "sudoku_check_core.hpp"

namespace {

const int kDone = 0;
const int kJudgeError = 1;

int report(const char* score_file, const char* report_file, long score, const std::string& message) {
    std::ofstream(score_file) << score << "\n";
    std::ofstream(report_file) << message << "\n";
    return kDone;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 7) {
        std::cerr << "usage: " << argv[0] << " input output answer full_score score_file report_file\n";
        return kJudgeError;
    }
    const long full_score = std::strtol(argv[4], nullptr, 10);
    std::ifstream output(argv[2], std::ios::binary);
    if (!output) return report(argv[5], argv[6], 0, std::string("cannot read the output ") + argv[2]);
    const sudoku_check::Result result = sudoku_check::check(SUDOKU_CHECK_PROBLEM, argv[1], output);
    switch (result.outcome) {
        case sudoku_check::Outcome::accepted:
            return report(argv[5], argv[6], full_score, result.message);
        case sudoku_check::Outcome::wrong:
            return report(argv[5], argv[6], 0, result.message);
        case sudoku_check::Outcome::judge_error:
            break;
    }
    report(argv[5], argv[6], 0, "judge error: " + result.message);
    return kJudgeError;
}
