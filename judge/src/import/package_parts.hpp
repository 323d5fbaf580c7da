// The import of a package (sudoku/judge/import/package_import.hpp), in parts: its programs (the checker, the
// submissions as contestants, the expectations file) and its derived time limit.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/problem/problem.hpp"

namespace sudoku::judge::package {

// Something the import cannot do, with the file it is about.
struct ImportRefusal {
    std::string file, message;
};

// The model's checker program compiled to `binary`; a refusal when it cannot be.
std::vector<ImportRefusal> compile_checker(const problem::Problem& p, const std::filesystem::path& binary);

// The package's submissions copied to contestants/<contestant>/<problem>.<ext> under `contest_dir`
// (those in a language the judge has); their expectations into `contest_dir`/expectations.json.
void write_contestants(const problem::Problem& p, const std::filesystem::path& contest_dir);
void write_expectations(const std::vector<problem::Problem>& problems, const std::filesystem::path& contest_dir);

// The judge's language for a submission of the model (empty: none here).
std::string runnable_language(const problem::Program& program);

// The derived time limit (TimeLimitRule): grades the submissions that bound it from below
// (Expectation::time_limit_use lower: the accepted ones, and in 2025-09 every one not permitted to
// time out) of the contest at `contest_file` under its present limit, and returns their slowest
// run times the rule's multiplier, rounded up to its resolution; a refusal when none got what it
// must on every test. One that did not (one the judge cannot compile, say) is left out, noted.
// Those that bound it from above (time_limit_use upper: required to time out) must be slower than
// the limit x time_limit_to_tle: a refusal when no multiple of the resolution fits. A group key of
// a submission (GroupExpectation::time_limit_use) bounds it the same way over the tests it covers.
double derive_time_limit(const problem::Problem& p, const std::filesystem::path& contest_file,
                         std::vector<ImportRefusal>& refusals, std::vector<std::string>& notes);

}  // namespace sudoku::judge::package
