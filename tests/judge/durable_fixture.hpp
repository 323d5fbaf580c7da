// Shared by the tests of the judge's durability (disk full, resumable journals, merges): a small
// tmpfs the test can fill and enlarge, and the judge's CLI run as a shell command.
#pragma once

#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "support/skip.hpp"

namespace judge_test {

// A tmpfs of `size` ("64k") mounted on `dir` for the life of the object (root only: skips otherwise).
class SmallDisk {
public:
    SmallDisk(fs::path dir, const std::string& size) : dir_(std::move(dir)) {
        if (geteuid() != 0) sudoku::testing::skip_test("mounting a small tmpfs needs root");
        fs::create_directories(dir_);
        REQUIRE(mount("tmpfs", dir_.c_str(), "tmpfs", 0, ("size=" + size).c_str()) == 0);
    }
    ~SmallDisk() { umount2(dir_.c_str(), MNT_DETACH); }
    SmallDisk(const SmallDisk&) = delete;
    SmallDisk& operator=(const SmallDisk&) = delete;

    void resize(const std::string& size) {
        REQUIRE(mount("tmpfs", dir_.c_str(), "tmpfs", MS_REMOUNT, ("size=" + size).c_str()) == 0);
    }
    // Writes dir/filler until the disk is full.
    void fill() const {
        std::ofstream out(dir_ / "filler", std::ios::binary | std::ios::app);
        const std::string block(512, 'x');
        while (out.write(block.data(), block.size()) && out.flush()) {}
        for (const char* name : {"filler-2", "filler-3"}) {  // the last partial blocks
            std::ofstream tail(dir_ / name, std::ios::binary);
            while (tail.put('x') && tail.flush()) {}
        }
    }
    void empty_filler() const {
        for (const char* name : {"filler", "filler-2", "filler-3"}) fs::remove(dir_ / name);
    }

private:
    fs::path dir_;
};

// Runs `command` through the shell; the exit status, or 128 + the signal that ended it.
inline int run_shell(const std::string& command) {
    const int status = std::system(command.c_str());
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

// `sudoku-judge ARGS`, its output in LOG.stdout and LOG.stderr.
inline int run_judge(const std::string& args, const fs::path& log) {
    return run_shell(judge_cli().string() + " " + args + " > " + log.string() + ".stdout 2> " + log.string() +
                     ".stderr");
}

// Whether every line of the journal is a whole record and the file ends with its last newline.
inline bool journal_is_whole(const fs::path& journal) {
    const std::string text = read_text(journal);
    if (!text.empty() && text.back() != '\n') return false;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (nlohmann::json::parse(line, nullptr, false).is_discarded()) return false;
    return true;
}

}  // namespace judge_test
