// manifest.json through the one Manifest struct: what the builder writes, the validator and the
// judge read back, field for field and byte for byte.
#include <catch2/catch.hpp>
#include <filesystem>

#include "scratch_dir.hpp"
#include "sudoku/problem/manifest.hpp"

namespace fs = std::filesystem;
using namespace sudoku;
using sudoku::testing::read_text;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;

TEST_CASE("manifest: every shipped manifest reads into the struct and writes back byte for byte") {
    int seen = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(SUDOKU_SOURCE_DIR) / "testdata")) {
        if (!fs::exists(entry.path() / kManifestFile)) continue;
        INFO(entry.path());
        auto read = read_manifest(entry.path());
        REQUIRE(std::holds_alternative<Manifest>(read));
        const Manifest& m = std::get<Manifest>(read);
        CHECK(m.problem == entry.path().filename().string());
        CHECK_FALSE(m.tests.empty());
        CHECK(manifest_text(m) == read_text(entry.path() / kManifestFile));
        ++seen;
    }
    CHECK(seen >= 7);
}

TEST_CASE("manifest: a file without a tests array is refused naming the file") {
    const fs::path dir = scratch_dir("manifest-refused");
    write_text(dir / kManifestFile, R"({"problem": "x", "samples": []})");
    auto read = read_manifest(dir);
    REQUIRE(std::holds_alternative<Diagnostic>(read));
    CHECK(std::get<Diagnostic>(read).file == (dir / kManifestFile).string());
    CHECK(std::get<Diagnostic>(read).message.find("\"tests\"") != std::string::npos);
    write_text(dir / kManifestFile, R"({"tests": [{"test": "01", "points": "ten"}]})");
    read = read_manifest(dir);
    REQUIRE(std::holds_alternative<Diagnostic>(read));
    CHECK(std::get<Diagnostic>(read).message.find("not a test-set manifest") != std::string::npos);
}
