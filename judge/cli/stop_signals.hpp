// SIGTERM and SIGINT stop grading cleanly instead of killing the judge mid-write: the runs in
// progress are stopped (their runners remove their cgroups), nothing unfinished is journaled, no
// report is written, and the command exits 128 + the signal (143 SIGTERM, 130 SIGINT).
#pragma once

#include <atomic>

namespace sudoku::judge_cli {

// Blocks SIGTERM and SIGINT in this thread and every thread it starts afterwards (call it before
// grading starts its threads) and waits for them on a thread of its own: the first sets the flag
// returned, a second one ends the judge at once (exit 128 + signal).
const std::atomic<bool>& stop_on_signals();

// The signal that set the flag, 0 for none.
int stop_signal();

}  // namespace sudoku::judge_cli
