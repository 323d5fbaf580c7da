// sudoku-judge doctor and the folders it is given or finds: its probe runs in a private folder of
// its own (never in the current folder, where anyone may have planted a link), and `doctor --out`
// says of a results folder exactly what grade says of it.
#include <sys/stat.h>
#include <unistd.h>

#include "judge_fixture.hpp"

using namespace judge_test;

namespace {

constexpr uid_t kOwner = 4321;

uid_t owner_of(const fs::path& p) {
    struct stat st {};
    REQUIRE(lstat(p.c_str(), &st) == 0);
    return st.st_uid;
}

// The line after "sudoku-judge grade: " in grade's refusal of `out`.
std::string grade_refusal(const fs::path& dir, const fs::path& out) {
    const CliRun r = judge_in(dir, "grade contest.yaml --out '" + out.string() + "'");
    REQUIRE(r.status == 2);
    const std::string prefix = "sudoku-judge grade: ";
    const size_t at = r.err.find(prefix);
    REQUIRE(at != std::string::npos);
    return r.err.substr(at + prefix.size(), r.err.find('\n', at) - at - prefix.size());
}

}  // namespace

TEST_CASE("doctor folders: an unusable TMPDIR is refused, and a probe link in the current folder is left alone") {
    const fs::path dir = scratch("doctor-tmpdir");
    write_text(dir / "outside/kept.txt", "precious\n");
    if (getuid() == 0) REQUIRE(lchown((dir / "outside").c_str(), kOwner, kOwner) == 0);
    fs::create_directories(dir / "here");
    fs::create_directory_symlink(dir / "outside", dir / "here/probe");

    // /proc is a folder in which not even root can make one: mkdtemp fails there.
    const char* before = std::getenv("TMPDIR");
    const std::string kept = before ? before : "";
    setenv("TMPDIR", "/proc", 1);
    const CliRun r = judge_in(dir / "here", "doctor");
    if (before)
        setenv("TMPDIR", kept.c_str(), 1);
    else
        unsetenv("TMPDIR");
    CHECK(r.status == 4);
    INFO(r.out + r.err);
    CHECK_THAT(r.out, Catch::Contains("TMPDIR"));
    CHECK_THAT(r.out, !Catch::Contains("grading here has every protection"));
    CHECK(fs::is_symlink(dir / "here/probe"));
    CHECK(read_text(dir / "outside/kept.txt") == "precious\n");
    if (getuid() == 0) CHECK(owner_of(dir / "outside") == kOwner);
}

TEST_CASE("doctor folders: doctor --out says what grade says of /etc, a file and a link") {
    const fs::path dir = scratch("doctor-out");
    write_sum_contest(dir);
    write_text(dir / "a-file", "not a folder\n");
    fs::create_directories(dir / "elsewhere");
    fs::create_directory_symlink(dir / "elsewhere", dir / "a-link");
    for (const fs::path& out : {fs::path("/etc"), dir / "a-file", dir / "a-link"}) {
        INFO(out);
        const std::string refusal = grade_refusal(dir, out);
        const CliRun r = judge_in(dir, "doctor contest.yaml --out '" + out.string() + "'");
        CHECK(r.status == 4);
        CHECK_THAT(r.out, Catch::Contains(refusal));
        CHECK_THAT(r.out, !Catch::Contains("grading here has every protection"));
    }
}
