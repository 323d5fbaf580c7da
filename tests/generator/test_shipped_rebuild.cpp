// The shipped 16x16 test data is what the configs build today, byte for byte: its puzzles, the
// solver's first solutions and its guesses in the manifest all depend on the general solver's
// search tree and on the generator's random stream, which must not change.
#include <catch2/catch.hpp>
#include <set>

#include "scratch_dir.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/problem_config.hpp"

using namespace sudoku;
using sudoku::testing::read_text;
using sudoku::testing::scratch_dir;
namespace fs = std::filesystem;

TEST_CASE("test set: configs/uva1309.yaml (16x16) rebuilds byte for byte into testdata/uva1309 (timings aside)") {
    const fs::path source = SUDOKU_SOURCE_DIR;
    auto loaded = load_problem_config(source / "configs" / "uva1309.yaml");
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    auto built = build_test_set(std::get<ProblemConfig>(loaded), scratch_dir("uva1309-rebuild") / "testdata", nullptr);
    REQUIRE(std::holds_alternative<BuildResult>(built));
    const fs::path rebuilt = std::get<BuildResult>(built).directory;
    const fs::path shipped = source / "testdata" / "uva1309";
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(shipped)) names.insert(entry.path().filename().string());
    for (const auto& entry : fs::directory_iterator(rebuilt)) names.insert(entry.path().filename().string());
    CHECK(names.count("manifest.json"));
    for (const std::string& name : names) {
        if (name == "timings.json") continue;
        INFO(name);
        CHECK(read_text(rebuilt / name) == read_text(shipped / name));
    }
}
