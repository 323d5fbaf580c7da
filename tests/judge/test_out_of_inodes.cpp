// A file system with room but no inode left fails every new file or folder with ENOSPC: the judge
// says which folder has no inode left, not "internal error: filesystem error".
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "judge_fixture.hpp"
#include "support/skip.hpp"

using namespace judge_test;

namespace {

// A tmpfs of 64 MiB with `inodes` inodes at `dir` (root and the right to mount), or a skip.
void mount_tiny_tmpfs(const fs::path& dir, int inodes) {
    if (geteuid() != 0) sudoku::testing::skip_test("mounting a tmpfs needs root");
    fs::create_directories(dir);
    const std::string options = "size=64m,nr_inodes=" + std::to_string(inodes);
    if (mount("tmpfs", dir.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0)
        sudoku::testing::skip_test("cannot mount a tmpfs here: " + std::string(std::strerror(errno)));
}

}  // namespace

TEST_CASE("out of inodes: grade names the folder with no inode left, whichever file it was making") {
    const fs::path dir = scratch("no-inodes");
    write_sum_contest(dir);
    // With 3 inodes the judge runs out at its first file under --out (its own writer), with 6 at a
    // folder of the compile step (std::filesystem): both say the same.
    for (int inodes : {3, 6}) {
        INFO(inodes << " inodes");
        mount_tiny_tmpfs(dir / "tiny", inodes);
        const CliRun r = judge_in(dir, "grade contest.yaml --out tiny/out --jobs 1");
        umount2((dir / "tiny").c_str(), MNT_DETACH);
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("no inodes left on the file system of"));
        CHECK_THAT(r.err, Catch::Contains("tiny"));
        CHECK(r.err.find("internal error") == std::string::npos);
    }
}
