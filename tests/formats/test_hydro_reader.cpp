// The Hydro export read by Hydro's own code: the published packages' parsing functions
// (hydro_read_config.js says which) run on every shipped problem's exported config.yaml, and what
// they make of it must be what the test set says: a subtask per group with its points, the
// group's test files in order, the time and memory limits, the file I/O name and the checker.
// npm installs the packages once into the build folder; without node, npm or the registry the
// test is skipped, saying why.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/formats/export.hpp"
#include "sudoku/generator/test_set_problem.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "support/files.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;
using sudoku::formats::ExportFormat;
using sudoku::formats::ExportProblem;
using sudoku::testing::read_text;
using sudoku::testing::shell_quoted;

namespace {

const fs::path kSource = SUDOKU_SOURCE_DIR;
const fs::path kNpmDir = fs::path(SUDOKU_BINARY_DIR) / "hydro-npm";
// Pinned: the newest hydrooj on npm, and the newest @hydrooj/utils that still holds lib/cases.ts,
// which hydrooj's testdataConfig.ts imports (the later ones dropped it).
const char* const kPackages = "hydrooj@4.19.1 @hydrooj/utils@1.4.13";
const char* const kTools = "typescript@5.4.5 js-yaml@4.1.0";
const char* const kTestSets[] = {"line81", "poj2676", "poj3074", "qmark", "sudogob", "target-sudoku", "uva1309"};

void install_hydro_reader() {
    for (const char* tool : {"node", "npm", "tar"})
        if (!sudoku::testing::on_path(tool))
            sudoku::testing::skip_test(std::string(tool) +
                                       " is not installed (scripts/install-deps --test installs it)");
    if (fs::exists(kNpmDir / "installed")) return;
    fs::remove_all(kNpmDir);
    fs::create_directories(kNpmDir);
    const fs::path log = kNpmDir / "npm.log";
    // Only the two packages' own files: installed with their dependencies they would bring a
    // database driver and cloud SDKs that the parsing never touches.
    const std::string command = "cd " + shell_quoted(kNpmDir) + " && npm pack " + kPackages + " > " +
                                shell_quoted(log) +
                                " 2>&1 && mkdir hydrooj hydrooj-utils && tar -xzf hydrooj-4.19.1.tgz -C hydrooj && "
                                "tar -xzf hydrooj-utils-1.4.13.tgz -C hydrooj-utils && "
                                "npm install --no-save --no-audit --no-fund --ignore-scripts --prefix . " +
                                kTools + " >> " + shell_quoted(log) + " 2>&1";
    if (std::system(command.c_str()) != 0) {
        std::string said = read_text(log);
        if (said.size() > 2000) said = said.substr(said.size() - 2000);
        sudoku::testing::skip_test(std::string("npm could not fetch ") + kPackages + " and " + kTools + ": " + said);
    }
    std::ofstream(kNpmDir / "installed") << kPackages << " " << kTools << "\n";
}

}  // namespace

TEST_CASE("hydro reader: Hydro's own parsing reads every exported config.yaml as the test set says", "[long]") {
    install_hydro_reader();
    const fs::path out = fs::temp_directory_path() / ("sudoku-hydro-reader-" + std::to_string(::getpid()));
    fs::remove_all(out);
    std::string folders;
    std::vector<ExportProblem> problems;
    for (const char* name : kTestSets) {
        auto read = sudoku::read_test_set_problem(kSource / "testdata" / name);
        if (auto* d = std::get_if<sudoku::Diagnostic>(&read)) FAIL(d->to_string());
        problems.push_back(std::get<ExportProblem>(read));
        auto written = sudoku::formats::export_problem(problems.back(), ExportFormat::hydro, out);
        if (auto* d = std::get_if<sudoku::Diagnostic>(&written)) FAIL(d->to_string());
        folders += " " + shell_quoted(std::get<sudoku::formats::ExportResult>(written).directory / "testdata");
    }
    const std::string command = "node " + shell_quoted(kSource / "tests/formats/hydro_read_config.js") + " " +
                                shell_quoted(kNpmDir) + folders + " > " + shell_quoted(out / "read.json") + " 2> " +
                                shell_quoted(out / "read.err");
    INFO(read_text(out / "read.err"));
    REQUIRE(std::system(command.c_str()) == 0);
    const auto read = nlohmann::json::parse(read_text(out / "read.json"));
    CHECK(read["hydrooj"] == "4.19.1");
    REQUIRE(read["configs"].size() == std::size(kTestSets));

    for (size_t k = 0; k < problems.size(); ++k) {
        const std::string name = kTestSets[k];
        INFO(name);
        const auto config =
            std::get<sudoku::ProblemConfig>(sudoku::load_problem_config(kSource / "testdata" / name / "config.yaml"));
        const auto& hydro = read["configs"][k];
        const fs::path testdata = hydro["folder"].get<std::string>();
        const long time_ms = std::lround(config.time_limit_s * 1000);

        CHECK(hydro["problem"]["timeMin"] == time_ms);
        CHECK(hydro["problem"]["timeMax"] == time_ms);
        CHECK(hydro["problem"]["memoryMin"] == config.memory_limit_mib);
        CHECK(hydro["problem"]["memoryMax"] == config.memory_limit_mib);
        const bool file_io = config.input_file == "sudoku.in" && config.output_file == "sudoku.out";
        CHECK(hydro["problem"]["type"] == "default");
        CHECK(hydro["problem"].value("subType", "") == (file_io ? "sudoku" : ""));
        if (config.checker == "sudoku") {
            CHECK(hydro["checker_type"] == "kattis");
            CHECK(hydro["checker"] == "checker.cpp");
        } else {
            CHECK(hydro["checker_type"] == "default");
            CHECK(hydro["checker"].is_null());
        }

        const auto& subtasks = hydro["subtasks"];
        REQUIRE(subtasks.size() == config.groups.size());
        for (size_t i = 0; i < subtasks.size(); ++i) {
            const auto& group = config.groups[i];
            const auto& subtask = subtasks[i];
            INFO("group " << group.name);
            const bool per_group = config.scoring == "per-group";
            CHECK(subtask["id"] == i + 1);
            CHECK(subtask["type"] == (per_group ? "min" : "sum"));
            CHECK(subtask["score"] == (per_group ? group.points : group.points * group.count));
            CHECK(subtask["time"] == time_ms);
            CHECK(subtask["memory"] == config.memory_limit_mib);
            std::vector<const sudoku::problem::Test*> tests;
            for (const auto& t : problems[k].problem.tests)
                if (t.group == "secret/" + group.name) tests.push_back(&t);
            REQUIRE(subtask["cases"].size() == tests.size());
            REQUIRE(static_cast<int>(tests.size()) == group.count);
            for (size_t j = 0; j < tests.size(); ++j) {
                const auto& c = subtask["cases"][j];
                const std::string stem = group.name + "-" + tests[j]->input.stem().string();
                CHECK(c["input"] == stem + ".in");
                CHECK(c["output"] == stem + ".ans");
                CHECK(read_text(testdata / c["input"].get<std::string>()) == read_text(tests[j]->input));
                CHECK(read_text(testdata / c["output"].get<std::string>()) == read_text(tests[j]->answer));
                // A min subtask scores all or nothing: Hydro gives every case the subtask's points.
                CHECK(c["score"] == group.points);
                CHECK(c["time"] == time_ms);
                CHECK(c["memory"] == config.memory_limit_mib);
            }
        }
    }
    fs::remove_all(out);
}
