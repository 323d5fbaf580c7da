// The judge runs its runner (as root, when it is root) from one place only: the installed judge
// its own libexec runner, an executable of the build tree the runner that build made. A runner
// that someone else could have written is refused, never run.
#include <sys/stat.h>
#include <unistd.h>

#include "judge_fixture.hpp"
#include "runner_client/spawn.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

using namespace judge_test;
using sudoku::judge::runner_unsafe;
using sudoku::judge::sandbox_executable;

namespace {

// A copy of the build's runner at `dir`/sudoku-sandbox, both owner-only writable.
fs::path runner_copy(const fs::path& dir) {
    fs::create_directories(dir);
    chmod(dir.c_str(), 0755);
    const fs::path copy = dir / "sudoku-sandbox";
    fs::copy_file(sandbox_executable(), copy, fs::copy_options::overwrite_existing);
    chmod(copy.c_str(), 0755);
    return copy;
}

}  // namespace

TEST_CASE("runner place: an executable of the build tree runs the runner its build made") {
    const fs::path built = fs::path(SUDOKU_BINARY_DIR) / "judge" / "sudoku-sandbox";
    REQUIRE(fs::exists(built));
    CHECK(fs::equivalent(sandbox_executable(), built));
    CHECK(runner_unsafe(sandbox_executable()).empty());
}

TEST_CASE("runner place: a runner writable by others, in a folder others can write, or a link is refused") {
    const fs::path dir = scratch("runner-modes") / "libexec";
    const fs::path runner = runner_copy(dir);
    CHECK(runner_unsafe(runner).empty());
    chmod(runner.c_str(), 0775);
    CHECK_THAT(runner_unsafe(runner), Catch::Contains("writable by its group or by others"));
    chmod(runner.c_str(), 0755);
    chmod(dir.c_str(), 0777);
    CHECK_THAT(runner_unsafe(runner), Catch::Contains(dir.string() + " is writable"));
    chmod(dir.c_str(), 0755);
    const fs::path link = dir / "linked-sandbox";
    fs::create_symlink(runner, link);
    CHECK_THAT(runner_unsafe(link), Catch::Contains("not a regular file"));
    if (geteuid() == 0) {
        REQUIRE(chown(runner.c_str(), 1000, 1000) == 0);
        CHECK_THAT(runner_unsafe(runner), Catch::Contains("owned by uid 1000"));
    }
}

TEST_CASE("runner place: an installed judge whose runner is missing runs no runner found elsewhere") {
    // An installed tree outside the build tree: <prefix>/bin/sudoku-judge without
    // <prefix>/libexec/sudoku/sudoku-sandbox, and a planted runner where a build tree keeps one.
    const fs::path top = fs::temp_directory_path() / ("sudoku-runner-place-" + std::to_string(getpid()));
    fs::remove_all(top);
    const fs::path prefix = top / "prefix", marker = top / "planted-runner-ran";
    fs::create_directories(prefix / "bin");
    fs::copy_file(judge_cli(), prefix / "bin/sudoku-judge");
    write_text(top / "judge/sudoku-sandbox", "#!/bin/sh\ntouch " + marker.string() + "\nexit 1\n");
    chmod((top / "judge/sudoku-sandbox").c_str(), 0755);
    const fs::path contest = scratch("runner-place-contest");
    write_sum_contest(contest);
    const std::string command = "cd '" + contest.string() + "' && '" + (prefix / "bin/sudoku-judge").string() +
                                "' grade contest.yaml --out out >/dev/null 2>'" + (top / "err").string() + "'";
    const int status = std::system(command.c_str());
    const std::string err = read_text(top / "err");
    INFO(err);
    CHECK_FALSE(fs::exists(marker));
    CHECK(status != 0);
    CHECK_THAT(err, Catch::Contains((prefix / "libexec/sudoku/sudoku-sandbox").string()));
    fs::remove_all(top);
}

TEST_CASE("runner place: a folder above the runner's that others can write is refused, unless sticky") {
    const fs::path top = scratch("runner-above"), dir = top / "prefix/libexec";
    const fs::path runner = runner_copy(dir);
    chmod((top / "prefix").c_str(), 0777);
    CHECK_THAT(runner_unsafe(runner), Catch::Contains((top / "prefix").string() + " is writable"));
    chmod((top / "prefix").c_str(), 01777);  // as /tmp: only the owner of libexec can replace it
    CHECK(runner_unsafe(runner).empty());
    chmod((top / "prefix").c_str(), 0755);
}

TEST_CASE("runner place: the runner run is the file checked, not one put at its path since") {
    const fs::path dir = scratch("runner-swap") / "libexec";
    const fs::path runner = runner_copy(dir);
    std::string why;
    const int checked = sudoku::judge::open_runner(runner, why);
    INFO(why);
    REQUIRE(checked >= 0);
    write_text(dir / "swapped", "#!/bin/sh\necho swapped\n");
    chmod((dir / "swapped").c_str(), 0755);
    fs::rename(dir / "swapped", runner);
    auto started = sudoku::judge::spawn_with_pipes({runner.string(), "--version"}, false, checked);
    close(checked);
    REQUIRE(started.error.empty());
    const std::string out = sudoku::judge::read_to_end(started.from_child);
    sudoku::judge::wait_for_exit(started.pid);
    CHECK_THAT(out, Catch::Contains("sudoku-sandbox"));
    CHECK_THAT(out, !Catch::Contains("swapped"));
}
