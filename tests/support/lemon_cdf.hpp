// LemonLime's contest.cdf as the tests write it: the JSON LemonLime saves, in its field names
// (Contest, Task, TestCase), with a traditional task on standard I/O that a test changes field by
// field to make the contest it needs. Header-only: the format and the judge tests both include it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::testing::lemon_cdf {

using Json = nlohmann::json;

// One test case of `full_score` points under `time_ms` and `memory_mib`: it runs every file of
// `inputs` against the answer of `answers` at the same place, both paths under data/; an input
// "<k>_lemon_SUbtaskDEPENDENCE_fLAg" is no file but makes the case depend on case k.
inline Json test_case(int full_score, const std::vector<std::string>& inputs, const std::vector<std::string>& answers,
                      int time_ms = 1000, int memory_mib = 128) {
    return Json{{"fullScore", full_score},
                {"timeLimit", time_ms},
                {"memoryLimit", memory_mib},
                {"inputFiles", inputs},
                {"outputFiles", answers}};
}

// A traditional task `name` (its title and its source file's name) on standard input and output,
// comparing in `mode` (Task::ComparisonMode by number: 0 lines, 1 ignore spaces, 2 diff, 3 real
// numbers, 4 Lemon's special judge, 5 a testlib checker), with the test cases `cases`. The fields
// no mode needs hold what the import can map: diff's one argument "--ignore-space-change", reals to
// 10^-3, no special judge, every compiler allowed.
inline Json task(const std::string& name, int mode, Json cases = Json::array()) {
    return Json{{"problemTitle", name},
                {"sourceFileName", name},
                {"inputFileName", name + ".in"},
                {"outputFileName", name + ".out"},
                {"standardInputCheck", true},
                {"standardOutputCheck", true},
                {"taskType", 0},
                {"subFolderCheck", false},
                {"comparisonMode", mode},
                {"diffArguments", "--ignore-space-change"},
                {"realPrecision", 3},
                {"specialJudge", ""},
                {"compilerConfiguration", Json::object()},
                {"answerFileExtension", "ans"},
                {"testCases", std::move(cases)}};
}

// The contest `title` of `tasks`, saved by LemonLime `version`. Its contestants are the folders of
// source/, which the judge reads; the .cdf's own list stays empty.
inline Json contest(const std::string& title, Json tasks, const std::string& version = "1.0") {
    return Json{
        {"version", version}, {"contestTitle", title}, {"tasks", std::move(tasks)}, {"contestants", Json::array()}};
}

}  // namespace sudoku::testing::lemon_cdf
