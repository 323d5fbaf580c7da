// manifest.json, the record of a built test set (layout in sudoku/generator/test_set.hpp): written by the
// builder, checked by the validator, read by the judge. Every field name is written once, in
// manifest.cpp; the file's bytes (key order, number types) are part of the build's
// reproducibility contract, so to_json writes the fields in this declaration order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku {

inline constexpr const char* kManifestFile = "manifest.json";

// One puzzle of a test as the builder saw it.
struct ManifestPuzzle {
    int clues = -1;
    std::uint64_t solutions = 0;
    bool solutions_capped = false;
    std::optional<std::uint64_t> guesses;  // solvable puzzles: the difficulty rating
    std::optional<std::string> techniques;
    std::optional<bool> refuted_by_singles;  // puzzles without a solution
};

struct ManifestSample {
    std::string input, answer_file;
    std::optional<std::string> answer;  // the answer itself when short (null otherwise)
    std::string sha256_input, sha256_answer;
};

struct ManifestTest {
    std::string test, input, answer_file, group;
    int points = 0;
    std::uint64_t seed = 0;
    std::string kind, hardness;
    std::vector<ManifestPuzzle> puzzles;
    std::optional<std::string> answer;
    std::string sha256_input, sha256_answer, generator_version;
};

struct Manifest {
    std::string problem, solver_problem, generator_version;
    std::uint64_t seed = 0;
    std::vector<ManifestSample> samples;
    std::vector<ManifestTest> tests;
};

// nlohmann's hooks. Reading is lenient as the readers always were: an absent field keeps its
// default (an empty name, clues -1), and only "tests" is required; a field of the wrong type throws
// nlohmann::json::type_error.
void to_json(nlohmann::ordered_json& j, const ManifestPuzzle& p);
void to_json(nlohmann::ordered_json& j, const ManifestSample& s);
void to_json(nlohmann::ordered_json& j, const ManifestTest& t);
void to_json(nlohmann::ordered_json& j, const Manifest& m);
void from_json(const nlohmann::json& j, ManifestPuzzle& p);
void from_json(const nlohmann::json& j, ManifestSample& s);
void from_json(const nlohmann::json& j, ManifestTest& t);
void from_json(const nlohmann::json& j, Manifest& m);

// The text of manifest.json, as the builder writes it.
std::string manifest_text(const Manifest& m);

// DIR/manifest.json, or a Diagnostic naming the file: unreadable, not JSON, or without a "tests" array.
std::variant<Manifest, Diagnostic> read_manifest(const std::filesystem::path& test_set_dir);

}  // namespace sudoku
