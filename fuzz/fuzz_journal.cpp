// libFuzzer target: reading the judge's journal (sudoku/judge/output/journal.hpp). A journal is whatever a
// killed judge, a full disk or a hand edit left behind: any bytes must load (unusable lines
// skipped), never throw or crash, and a result appended afterwards must read back.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "sudoku/judge/output/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // A real file in a private folder: the journal refuses to open through a link, and a
    // /proc/self/fd/N path is one.
    static const std::string path = [] {
        std::string folder = (std::filesystem::temp_directory_path() / "fuzz-journal-XXXXXX").string();
        if (mkdtemp(folder.data()) == nullptr) std::abort();
        return folder + "/journal.jsonl";
    }();
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0 || write(fd, data, size) != static_cast<ssize_t>(size) || close(fd) != 0) std::abort();
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
