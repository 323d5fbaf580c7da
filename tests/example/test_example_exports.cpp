// The example's run writes each of its problems in every format sudoku-gen exports, each with the
// file its host reads first, and the notes of what each format could not carry.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("example exports: every problem of the example in every format, with its notes") {
    const fs::path exports = fs::path(EXAMPLE_RUN_DIR) / "exports";
    // The file each host opens a problem by (docs/exporting.md).
    const std::pair<const char*, const char*> formats[] = {{"kattis", "problem.yaml"},
                                                           {"domjudge", "domjudge-problem.ini"},
                                                           {"hydro", "testdata/config.yaml"},
                                                           {"lemon", "contest.cdf"},
                                                           {"cms", "task.yaml"}};
    for (const char* problem : {"target", "poj2676", "poj3074"}) {
        for (const auto& [format, opened_by] : formats) {
            INFO(format << " export of " << problem);
            CHECK(fs::is_regular_file(exports / format / problem / opened_by));
        }
        // The hosts that import a zip get one beside the folder.
        for (const char* zipped : {"domjudge", "hydro"})
            CHECK(fs::is_regular_file(exports / zipped / (std::string(problem) + ".zip")));
    }
    std::ifstream notes(exports / "notes.txt");
    REQUIRE(notes);
    int written = 0;
    for (std::string line; std::getline(notes, line);)
        if (line.rfind("wrote ", 0) == 0) ++written;
    CHECK(written == 3 * 5 + 3 * 2);  // each problem in five formats, and the two zips
}
