// CONTEST.yaml's compile: output_limit and memory_limit: read with their bounds, the defaults as
// before (64 MiB, 2048 MiB), and a compile that hits one is a CE that says it is the judge's limit
// (before: g++'s own "internal compiler error: File size limit exceeded", a cap no file named).
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

sudoku::judge::CompileSettings compile_settings_of(const fs::path& dir, const std::string& compile_block) {
    write_sum_contest(dir);
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\njobs: 1\n" + compile_block);
    auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) FAIL(d->to_string());
    return std::get<sudoku::judge::Contest>(loaded).compile;
}

}  // namespace

TEST_CASE("compile limits: output_limit and memory_limit come from CONTEST.yaml, in MiB, within bounds") {
    const auto defaults = compile_settings_of(scratch("compile-defaults"), "");
    CHECK(defaults.binary_limit_mib == 64);
    CHECK(defaults.memory_mib == 2048);
    const auto set = compile_settings_of(scratch("compile-set"), "compile:\n  output_limit: 8\n  memory_limit: 512\n");
    CHECK(set.binary_limit_mib == 8);
    CHECK(set.memory_mib == 512);
    const fs::path dir = scratch("compile-bounds");
    write_sum_contest(dir);
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\ncompile:\n  memory_limit: 10\n");
    auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(loaded));
    CHECK_THAT(std::get<sudoku::Diagnostic>(loaded).to_string(),
               Catch::Contains("contest.yaml:4:17: 'memory_limit' must be in 64..1048576, found 10"));
}

TEST_CASE("compile limits: a compile writing past output_limit is CE naming the judge's limit") {
    const fs::path dir = scratch("compile-output-limit");
    write_sum_contest(dir);
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\njobs: 1\ncompile:\n  output_limit: 1\n");
    // 4 MiB of initialised data: the object file the assembler writes is over 1 MiB.
    write_text(dir / "contestants/mallory/sum.cpp", "char big[4 << 20] = {1};\nint main() { return big[5]; }\n");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const Json results = Json::parse(read_text(dir / "out/results.json"));
    for (const auto& c : results["contestants"]) {
        if (c["name"] != "mallory") continue;
        CHECK(c["problems"][0]["status"] == "CE");
        CHECK_THAT(c["problems"][0]["compile_message"].get<std::string>(),
                   Catch::StartsWith("compilation exceeded the judge's compile output_limit of 1 MiB for a file"));
    }
}

TEST_CASE("compile limits: a compiler holding more than memory_limit is CE naming the judge's limit") {
    const fs::path dir = scratch("compile-memory-limit");
    write_sum_contest(dir);
    // A compiler of the language table that touches 300 MiB, past a 64 MiB limit.
    write_text(dir / "contest.yaml",
               "name: Sum contest\nproblems: [sum]\njobs: 1\ncompile:\n  memory_limit: 64\nlanguages:\n  hog:\n"
               "    extensions: [.hog]\n    compile: \"python3 -c b'x'*(300<<20) {src}\"\n    run: \"{exe}\"\n");
    write_text(dir / "contestants/mallory/sum.hog", "anything\n");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const Json results = Json::parse(read_text(dir / "out/results.json"));
    bool seen = false;
    for (const auto& c : results["contestants"]) {
        if (c["name"] != "mallory") continue;
        seen = true;
        CHECK(c["problems"][0]["status"] == "CE");
        CHECK_THAT(c["problems"][0]["compile_message"].get<std::string>(),
                   Catch::StartsWith("compilation exceeded the judge's compile memory_limit of 64 MiB"));
    }
    CHECK(seen);
}
