// Bounded memory: the in-process checkers read an output of up to the output limit in memory
// proportional to it with a small constant (before: the sudoku checker took 2.2 GB for 60 MB of
// newlines, the lines checker 16 bytes a line).
#include "judge_fixture.hpp"
#include "sudoku/judge/checkers/checkers.hpp"
#include "support/peak_memory.hpp"

using namespace judge_test;

namespace {

// The peak of run_checker(checker) on `output`, for the first line81 test of the repository.
long long checker_peak_mib(const fs::path& dir, const std::string& checker, const fs::path& output) {
    const fs::path testdata = fs::path(SUDOKU_SOURCE_DIR) / "testdata/line81";
    const sudoku::judge::CheckFiles files{testdata / "01.in", output, testdata / "01.ans", dir / "scratch", {}};
    return sudoku::testing::peak_mib_of([&] {
        auto result = sudoku::judge::run_checker(checker, "line81", files);
        if (result.kind == sudoku::judge::CheckResult::Kind::accepted) _exit(3);  // 60 MB of nothing is no answer
    });
}

}  // namespace

TEST_CASE("checkers: the sudoku, lines and tokens checkers judge a 60 MB output in under 200 MB of memory") {
    auto dir = scratch("checker-memory");
    const fs::path newlines = dir / "newlines.out", words = dir / "words.out";
    sudoku::testing::write_repeated(newlines.string(), "\n", 60LL << 20);
    sudoku::testing::write_repeated(words.string(), "1 ", 30LL << 20);
    for (const char* checker : {"sudoku", "lines", "tokens"})
        for (const fs::path& output : {newlines, words}) {
            const long long peak = checker_peak_mib(dir, checker, output);
            INFO(checker << " on " << output.filename().string() << ": peak " << peak << " MiB");
            CHECK(peak > 0);
            CHECK(peak < 200);
        }
    fs::remove(newlines);
    fs::remove(words);
}
