// Memory is what the program holds, not the page cache of the files it writes: the kernel takes
// those pages back when it needs them. A program writing a large output within the output limit is
// judged on its answer, and one writing without end is OLE at the output limit, never MLE.
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using sudoku::judge::Verdict;

namespace {

// The sum problem with 200 MiB of output allowed and 64 MiB of memory: 125 MB of output is more
// than the memory hard limit (88 MiB) would hold as page cache.
SumProblem large_output_problem(const std::string& name) {
    SumProblem s = sum_problem(scratch(name));
    s.problem.config.output_limit_kib = 200 * 1024;
    s.problem.config.memory_limit_mib = 64;
    s.problem.config.time_limit_s = 5;  // writing 125 MB takes the kernel's CPU time too
    return s;
}

}  // namespace

TEST_CASE("output memory: a right program writing 125 MB within its output limit is AC, its peak its own memory") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's cgroups need root here");
    const auto result = judge(large_output_problem("large-output"), "large_output.c");
    INFO(to_string(result.verdict) << ": " << result.reason << "; peak " << result.peak_kib << " KiB");
    CHECK(result.verdict == Verdict::AC);
    CHECK(result.peak_kib < 32 * 1024);  // a 64 KiB buffer; its 125 MB of output are not counted
}

TEST_CASE("output memory: a program writing without end is OLE at the output limit, not MLE") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's cgroups need root here");
    const auto result = judge(large_output_problem("endless-output"), "endless_output.c");
    INFO(to_string(result.verdict) << ": " << result.reason << "; peak " << result.peak_kib << " KiB");
    CHECK(result.verdict == Verdict::OLE);
}
