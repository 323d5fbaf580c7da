// --serve: one runner for many runs (one per judge slot); the protocol is docs/judge.md, "One
// runner per slot".
#pragma once

namespace sudoku_sandbox {

// Reads requests on stdin until EOF or a stop signal; the runner's exit status.
int serve();

}  // namespace sudoku_sandbox
