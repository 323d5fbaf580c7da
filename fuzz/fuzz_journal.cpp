// libFuzzer target: reading the judge's journal (sudoku/journal.hpp). A journal is whatever a
// killed judge, a full disk or a hand edit left behind: any bytes must load (unusable lines
// skipped), never throw or crash, and a result appended afterwards must read back.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static int fd = memfd_create("fuzz-journal.jsonl", 0);
    if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) std::abort();
    std::string path = "/proc/self/fd/" + std::to_string(fd);
    sudoku::judge::TestResult r;
    r.contestant = "fuzz";
    r.problem = "p";
    r.test = "01";
    r.verdict = sudoku::judge::Verdict::WA;
    {
        sudoku::judge::Journal journal(path);
        journal.append(r);
    }
    sudoku::judge::Journal again(path);
    auto back = again.test("fuzz", "p", "01");
    if (!back || back->verdict != sudoku::judge::Verdict::WA) std::abort();  // the appended line survives
    return 0;
}
