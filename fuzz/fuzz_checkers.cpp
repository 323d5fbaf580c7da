// libFuzzer target: the judge's built-in checkers (tokens, exact,
// lines) on a contestant's output against an answer.
// Input layout: two bytes give the length of the answer, then the answer, then the output.
// Checked properties: an output equal to the answer is accepted by every checker; exact and
// lines never accept what tokens rejects.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/judge/checkers/checkers.hpp"

using sudoku::judge::CheckResult;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view all(reinterpret_cast<const char*>(data), size);
    if (size < 2) return 0;
    size_t split = std::min<size_t>((data[0] << 8 | data[1]), size - 2);
    std::string_view answer = all.substr(2, split), output = all.substr(2 + split);

    auto tokens = sudoku::judge::check_tokens(output, answer);
    auto exact = sudoku::judge::check_exact(output, answer);
    auto lines = sudoku::judge::check_lines(output, answer);
    bool tokens_ok = tokens.kind == CheckResult::Kind::accepted;
    if (!tokens_ok && (exact.kind == CheckResult::Kind::accepted || lines.kind == CheckResult::Kind::accepted))
        std::abort();
    for (auto* check : {&sudoku::judge::check_tokens, &sudoku::judge::check_exact, &sudoku::judge::check_lines})
        if (check(answer, answer).kind != CheckResult::Kind::accepted) std::abort();
    return 0;
}
