// A LemonLime contest read into the problem model: every traditional task of its .cdf (read and its
// fields checked by sudoku/formats/lemon_cdf.hpp) as one problem, its files in the contest's data/.
//
//   lemon/contest.cdf          contestTitle, tasks[]: problemTitle, sourceFileName, inputFileName,
//   lemon/data/...               outputFileName, standardInputCheck, standardOutputCheck, taskType,
//   lemon/source/<who>/<task>.*  comparisonMode, realPrecision, diffArguments, specialJudge,
//                                testCases[]: fullScore, timeLimit (ms), memoryLimit (MiB),
//                                inputFiles[], outputFiles[] (paths under data/;
//                                "<k>_lemon_SUbtaskDEPENDENCE_fLAg" in inputFiles: depends on
//                                test case k)
//
// A task as a problem (PackageFormat::lemon, named after its sourceFileName):
//   io             stdin / stdout when standardInputCheck / standardOutputCheck, else the file names
//   tests          every input file of every test case, named <case>-<n> (from 1), with its answer
//                  file (any name, any folder under data/) and the test case's own limits; the
//                  problem's limits are the first test case's
//   groups         a root "data" (the sum) over one group per test case, named by its number: the
//                  minimum of its tests (LemonLime scores a case by its lowest input), accept_score
//                  its fullScore, require_pass the cases it depends on
//   partial_points whole (LemonLime keeps whole points; a dependency is met by any points)
//   limits         CpuClock::user, MemoryRule::address_space (LemonLime's watcher counts user time
//                  and bounds the address space by the memory limit)
//   checker        by comparisonMode: 0 lemon_lines, 1 lemon_ignore_spaces, 2 lemon_diff (arguments:
//                  diffArguments, which LemonLime gives diff as one argument), 3 lemon_real
//                  (real_precision: realPrecision), 4 the special judge under data/ speaking
//                  lemon_special (input output answer full_score score_file report_file), 5 a testlib
//                  checker under data/ read by its stderr (lemon_message)
//
// Refused, by name and with what to do: a task type other than traditional; subFolderCheck; a
// compiler set to "disable"; diffArguments that diff can only refuse; a .cdf version LemonLime
// does not open; a special judge or test file that is not a regular file inside data/ (an absolute
// path, a '..', a link leading out) or a special judge that is not executable; a number out of its
// range or of the wrong type (the field and where it is named). Every refusal of one .cdf is listed
// at once. Files in data/ the .cdf does not list are no tests, as in LemonLime.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/formats/lemon_cdf.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats::lemon {

// The bounds of the .cdf's numbers that LemonLime itself does not bound.
inline constexpr int kMaxRealPrecision = 30;
inline constexpr std::int64_t kMaxFullScore = 1000000;
inline constexpr std::size_t kMaxTestCases = 10000;
inline constexpr std::int64_t kMinTimeLimitMs = 10;

struct Contest {
    std::string title;
    std::filesystem::path folder;  // the LemonLime folder: the .cdf's, holding data/ and source/
    std::vector<problem::Problem> tasks;
};

// The contest of the .cdf `root` read from the folder `folder`, or every refusal ("task 2 (sum),
// test case 3: ...").
std::variant<Contest, std::vector<std::string>> read_contest(const Json& root, const std::filesystem::path& folder);

}  // namespace sudoku::formats::lemon
