// A program run from a test under coreutils' `timeout`: a program that would never end (reading
// an endless file, waiting on a FIFO) fails its test instead of hanging the suite. The limit is
// generous (a loaded machine must not fail it); what is tested is that the run ends at all.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace sudoku::testing {

// `timeout` exits 124 when it had to stop the program.
constexpr int kTimedOut = 124;

struct TimedRun {
    int status = -1;  // the program's exit status, kTimedOut, or -1 when it died of a signal
    std::string err;  // what it wrote on stderr
};

// `cd DIR && timeout 60 COMMAND <STDIN` (COMMAND a shell command line), stderr kept in DIR.stderr.
inline TimedRun run_time_limited(const std::filesystem::path& dir, const std::string& command,
                                 const std::string& stdin_file = "/dev/null") {
    const std::string err_file = dir.string() + ".stderr";
    const std::string line = "cd '" + dir.string() + "' && timeout -k 5 60 " + command + " >/dev/null 2>'" + err_file +
                             "' <'" + stdin_file + "'";
    const int raw = std::system(line.c_str());
    std::ifstream in(err_file, std::ios::binary);
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, std::string(std::istreambuf_iterator<char>(in), {})};
}

}  // namespace sudoku::testing
