// CONTEST.yaml read_only_dirs: host directories (a toolchain under /opt) every run, compile step and
// checker sees read-only at their own paths; never one that would show the test data or the
// contestants' files.
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace judge_test;

namespace {

std::string load_error(const fs::path& contest) {
    auto loaded = sudoku::judge::load_contest(contest);
    auto* d = std::get_if<sudoku::Diagnostic>(&loaded);
    return d ? d->to_string() : "";
}

}  // namespace

TEST_CASE("contest: read_only_dirs takes absolute directories that hold neither test data nor contestants") {
    fs::path dir = scratch("read-only-dirs");
    fs::path contest = write_sum_contest(dir);
    fs::create_directories(dir / "toolchain");
    auto with = [&](const std::string& list) {
        write_text(contest, "name: Sum contest\nproblems: [sum]\nread_only_dirs: " + list + "\n");
    };
    with("[" + (dir / "toolchain").string() + "]");
    auto loaded = sudoku::judge::load_contest(contest);
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    CHECK(std::get<sudoku::judge::Contest>(loaded).read_only_dirs == std::vector<fs::path>{dir / "toolchain"});

    with("[toolchain]");
    CHECK_THAT(load_error(contest), Catch::Contains("is not an absolute path"));
    with("[" + (dir / "nosuch").string() + "]");
    CHECK_THAT(load_error(contest), Catch::Contains("is not a directory"));
    with("[" + dir.string() + "]");  // holds testdata/ and contestants/
    CHECK_THAT(load_error(contest), Catch::Contains("would show"));
    with("[" + (dir / "testdata/sum").string() + "]");
    CHECK_THAT(load_error(contest), Catch::Contains("would show"));
    with(dir.string());
    CHECK_THAT(load_error(contest), Catch::Contains("expected a list"));
}

TEST_CASE("sandbox: a read-only directory is readable at its own path and nothing can be written there") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces need root here");
    fs::path dir = scratch("read-only-bind");
    write_text(dir / "toolchain/note.txt", "from the toolchain\n");
    fs::permissions(dir / "toolchain", fs::perms::all);  // only the read-only bind stops a removal
    fs::create_directories(dir / "box");
    sudoku::judge::RunRequest r;
    r.work_dir = dir / "box";
    r.read_only = sudoku::judge::read_only_at_own_paths({dir / "toolchain"});
    r.stdout_file = dir / "out.txt";
    r.argv = {"/bin/cat", (dir / "toolchain/note.txt").string()};
    auto read = sudoku::judge::run_sandboxed(r);
    REQUIRE(read.error.empty());
    CHECK(read.exit_code == 0);
    CHECK(read_text(dir / "out.txt") == "from the toolchain\n");

    r.argv = {"/bin/rm", "-f", (dir / "toolchain/note.txt").string()};
    auto removed = sudoku::judge::run_sandboxed(r);
    REQUIRE(removed.error.empty());
    CHECK(removed.exit_code != 0);
    CHECK(fs::exists(dir / "toolchain/note.txt"));
}
