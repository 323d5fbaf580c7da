// sudoku-gen reads its configs, manifests and test files through the one bounded reader: an
// endless file (/dev/zero, a FIFO) given as any of them ends the command at once, named (before:
// `build /dev/zero` grew past 1 GB; a FIFO with no writer waited forever).
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "scratch_dir.hpp"
#include "support/time_limited_run.hpp"

namespace fs = std::filesystem;
using sudoku::testing::run_time_limited;
using sudoku::testing::scratch_dir;

namespace {

const std::string kGen = "'" + (fs::path(SUDOKU_BINARY_DIR) / "generator" / "sudoku-gen").string() + "'";

}  // namespace

TEST_CASE("sudoku-gen: /dev/zero or a FIFO as the config of build or validate ends at once, named") {
    const fs::path dir = scratch_dir("bounded-config");
    REQUIRE(mkfifo((dir / "fifo.yaml").c_str(), 0600) == 0);
    fs::create_directories(dir / "set");
    fs::create_symlink("/dev/zero", dir / "set" / "config.yaml");
    const struct {
        std::string args, named;
    } cases[] = {
        {"build /dev/zero --out out", "/dev/zero: expected a regular file, found a character device"},
        {"build fifo.yaml --out out", "fifo.yaml: expected a regular file, found a FIFO"},
        {"validate set", "config.yaml: expected a regular file, found a character device"},
    };
    for (const auto& c : cases) {
        INFO("sudoku-gen " << c.args);
        const auto run = run_time_limited(dir, kGen + " " + c.args);
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(c.named));
    }
}

TEST_CASE("sudoku-gen: a test set whose manifest or test file is endless is refused at once, named") {
    const fs::path dir = scratch_dir("bounded-set");
    const fs::path config = fs::path(SUDOKU_SOURCE_DIR) / "configs" / "line81.yaml";
    REQUIRE(run_time_limited(dir, kGen + " build '" + config.string() + "' --out sets").status == 0);
    const fs::path set = dir / "sets" / "line81";
    REQUIRE(fs::exists(set / "manifest.json"));
    REQUIRE(fs::exists(set / "01.in"));
    fs::copy(set, dir / "fifo-input", fs::copy_options::recursive);
    fs::remove(dir / "fifo-input" / "01.in");
    REQUIRE(mkfifo((dir / "fifo-input" / "01.in").c_str(), 0600) == 0);
    fs::remove(set / "manifest.json");
    fs::create_symlink("/dev/zero", set / "manifest.json");
    const auto manifest = run_time_limited(dir, kGen + " validate sets/line81");
    CHECK(manifest.status != sudoku::testing::kTimedOut);
    CHECK(manifest.status != 0);
    CHECK_THAT(manifest.err, Catch::Contains("manifest.json: expected a regular file, found a character device"));
    const auto input = run_time_limited(dir, kGen + " validate fifo-input");
    CHECK(input.status != sudoku::testing::kTimedOut);
    CHECK(input.status != 0);
    CHECK_THAT(input.err, Catch::Contains("01.in"));
}
