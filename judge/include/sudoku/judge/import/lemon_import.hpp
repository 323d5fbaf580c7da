// Bringing a LemonLime contest here: its .cdf read into the problem model, one problem per task
// (sudoku/formats/lemon.hpp: the fields, what each maps to, what is refused), then written as a
// CONTEST.yaml and one problem.yaml per task by the package import's own writer, pointing at
// LemonLime's own folders, which stay untouched:
//
//   OUT/CONTEST.yaml           contestants: the source/ folder; problems: [folder: <task>]
//   OUT/<task>/problem.yaml    tests: every input file of every test case, named <case>-<n>, with
//                              its answer file under data/ and the test case's own limits; each
//                              test case a group named by its number, scored per group (a case
//                              scores its lowest input's share, as LemonLime's minimum), its
//                              dependencies kept; partial_points: lemon; cpu_clock: user and
//                              memory_rule: address-space (LemonLime's watcher: user CPU time, the
//                              address space bounded by the limit)
//
// Checkers, LemonLime's comparison modes reproduced (sudoku/judge/checkers/lemon_checkers.hpp): line by line
// (lemon-lines), ignore spaces (lemon-ignore-spaces), external diff (lemon-diff with the task's
// diffArguments), real numbers (lemon-real with the task's realPrecision), Lemon's own special
// judge and a testlib one (the file under data/, checker_protocol: lemon-special or
// lemon-message). Refused besides what the reader refuses: a .cdf over 16 MiB or nesting deeper
// than 32; an OUT that exists and is not an empty folder. Every refusal of one .cdf is listed at
// once. Nothing is written unless all of it maps: the contest is built in a fresh folder beside
// OUT, loaded as the grader will load it, and only then renamed to OUT.
#pragma once

#include <filesystem>
#include <variant>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku::judge {

// Writes OUT/CONTEST.yaml and OUT/<task>/problem.yaml; returns the contest file, or why not.
std::variant<std::filesystem::path, Diagnostic> import_lemon(const std::filesystem::path& cdf,
                                                             const std::filesystem::path& out_dir);

}  // namespace sudoku::judge
