// The result record: what the run had and did, as `key: value` lines (the keys are
// sudoku/judge/runner_client/runner_contract.hpp's record_key, which the judge's reader uses too).
#pragma once

#include <string>

#include "options.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku_sandbox {

struct Record {
    double cpu = 0, wall = 0;
    double waited = 0;  // of wall, ready to run but waiting for a CPU (cpu_wait.hpp)
    long long peak_kib = 0;
    int exit_code = -1, signal = 0;
    sudoku::judge::KilledBy killed_by = sudoku::judge::KilledBy::none;
    bool oom = false;
    sudoku::judge::CgroupsState cgroups = sudoku::judge::CgroupsState::off;
    sudoku::judge::NamespacesState namespaces = sudoku::judge::NamespacesState::off;
    std::string error;
};

// The record's text.
std::string format_record(const Options& o, const Record& r);

// Writes it to --meta or stdout; 0, or 1 when --meta cannot be written (said on stderr).
int write_record(const Options& o, const Record& r);

}  // namespace sudoku_sandbox
