// sudoku-gen export's writers, checked by what each format's specification says its files hold,
// and the Kattis export read back by our own Kattis reader: the same tests score the same.
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>

#include "sudoku/formats/export.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/generator/test_set_problem.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/problem/scoring.hpp"
#include "support/files.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;
using sudoku::formats::ExportFormat;
using sudoku::formats::ExportProblem;
using sudoku::testing::read_text;
namespace problem = sudoku::problem;

namespace {

const char* const kTestSets[] = {"line81", "poj2676", "poj3074", "qmark", "sudogob", "target-sudoku", "uva1309"};

fs::path scratch(const std::string& name) { return sudoku::testing::fresh_temp_folder("sudoku-export-" + name); }

ExportProblem shipped(const std::string& name) {
    auto read = sudoku::read_test_set_problem(fs::path(SUDOKU_SOURCE_DIR) / "testdata" / name);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&read)) FAIL(d->to_string());
    return std::get<ExportProblem>(read);
}

sudoku::ProblemConfig config_of(const std::string& name) {
    return std::get<sudoku::ProblemConfig>(
        sudoku::load_problem_config(fs::path(SUDOKU_SOURCE_DIR) / "testdata" / name / "config.yaml"));
}

fs::path exported(const ExportProblem& p, ExportFormat format, const fs::path& out,
                  const sudoku::formats::ExportOptions& options = {}) {
    auto written = sudoku::formats::export_problem(p, format, out, options);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&written)) FAIL(d->to_string());
    return std::get<sudoku::formats::ExportResult>(written).directory;
}

const problem::Test* by_name(const problem::Problem& p, const std::string& name) {
    for (const auto& t : p.tests)
        if (t.name == name) return &t;
    return nullptr;
}

}  // namespace

TEST_CASE("export kattis: every shipped problem as the legacy package format describes it") {
    const fs::path out = scratch("kattis");
    // The legacy spec: file and folder names of the data tree use a-z, A-Z, 0-9, '.', '_', '-'.
    const std::regex kattis_name("[a-zA-Z0-9][a-zA-Z0-9_.-]*");
    for (const char* name : kTestSets) {
        INFO(name);
        const ExportProblem p = shipped(name);
        const auto config = config_of(name);
        const fs::path dir = exported(p, ExportFormat::kattis, out);
        // The spec's short name, the package folder's: [a-z0-9]+ (target-sudoku becomes targetsudoku).
        CHECK(std::regex_match(dir.filename().string(), std::regex("[a-z0-9]+")));
        CHECK(fs::exists(dir / "data/sample") == !config.samples.empty());
        const YAML::Node yaml = YAML::LoadFile((dir / "problem.yaml").string());
        CHECK(yaml["name"].as<std::string>() == config.title);
        CHECK(yaml["limits"]["time_limit"].as<double>() == config.time_limit_s);
        CHECK(yaml["limits"]["memory"].as<long>() == config.memory_limit_mib);
        CHECK(yaml["limits"]["output"].as<long>() * 1024 >= config.output_limit_kib);
        CHECK(std::stod(read_text(dir / ".timelimit")) == config.time_limit_s);
        // problemtools refuses a package without a statement; the title is the one line it needs.
        CHECK(read_text(dir / "problem_statement/problem.en.tex").rfind("\\problemname{" + config.title + "}\n", 0) ==
              0);
        const bool custom = config.checker == "sudoku";
        CHECK(yaml["validation"].IsDefined() == custom);
        CHECK(fs::exists(dir / "output_validators/sudoku/validate.cpp") == custom);
        // A group of several tests worth points each holds a folder per test with the test's
        // accept_score, added up: DOMjudge scores a folder of tests as one, all or nothing.
        const auto split = [&](const std::string& group) {
            return config.scoring != "per-group" &&
                   std::count_if(p.problem.tests.begin(), p.problem.tests.end(),
                                 [&](const problem::Test& t) { return t.group == "secret/" + group; }) > 1;
        };
        for (const auto& group : config.groups) {
            const fs::path folder = dir / "data/secret" / group.name;
            const YAML::Node flags = YAML::LoadFile((folder / "testdata.yaml").string());
            CHECK(flags["on_reject"].as<std::string>() == "continue");
            CHECK(flags["grader_flags"].as<std::string>() == (config.scoring == "per-group" ? "min" : "sum"));
            if (!split(group.name)) {
                CHECK(flags["accept_score"].as<int>() == group.points);
                continue;
            }
            CHECK_FALSE(flags["accept_score"]);
            for (const auto& entry : fs::directory_iterator(folder))
                if (entry.is_directory())
                    CHECK(YAML::LoadFile((entry.path() / "testdata.yaml").string())["accept_score"].as<int>() ==
                          group.points);
        }
        for (const auto& entry : fs::recursive_directory_iterator(dir / "data")) {
            CHECK(std::regex_match(entry.path().filename().string(), kattis_name));
            if (entry.path().extension() == ".in") CHECK(fs::exists(fs::path(entry.path()).replace_extension(".ans")));
        }
        for (const auto& test : p.problem.tests) {
            fs::path copy = dir / "data" / fs::path(test.name).parent_path();
            if (split(fs::path(test.group).filename().string())) copy /= test.input.stem();
            copy /= test.input.filename();
            CHECK(read_text(copy) == read_text(test.input));
            CHECK(read_text(fs::path(copy).replace_extension(".ans")) == read_text(test.answer));
        }
    }
    fs::remove_all(out);
}

TEST_CASE("export kattis 2025-09: problem.yaml's version and uuid, test_group.yaml's aggregation and points") {
    const fs::path out = scratch("kattis-2025");
    sudoku::formats::ExportOptions options;
    options.kattis = sudoku::formats::KattisExportVersion::v2025_09;
    for (const char* name : kTestSets) {
        INFO(name);
        const ExportProblem p = shipped(name);
        const auto config = config_of(name);
        const fs::path dir = exported(p, ExportFormat::kattis, out, options);
        const YAML::Node yaml = YAML::LoadFile((dir / "problem.yaml").string());
        CHECK(yaml["problem_format_version"].as<std::string>() == "2025-09");
        CHECK(std::regex_match(yaml["uuid"].as<std::string>(),
                               std::regex("[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
        // The legacy keys are errors in 2025-09, and its files are the only ones read.
        CHECK_FALSE(yaml["validation"].IsDefined());
        CHECK_FALSE(fs::exists(dir / ".timelimit"));
        const bool custom = config.checker == "sudoku";
        CHECK(fs::exists(dir / "output_validator/validate.cpp") == custom);
        CHECK_FALSE(fs::exists(dir / "output_validators"));
        // 2025-09 reads the statement from statement/, the input validators from input_validators/.
        CHECK(fs::is_regular_file(dir / "statement/problem.en.tex"));
        CHECK_FALSE(fs::exists(dir / "problem_statement"));
        CHECK(fs::is_regular_file(dir / "input_validators/sudoku/validate.cpp"));
        int total = 0;
        for (const auto& group : config.groups) {
            const bool per_group = config.scoring == "per-group";
            const int points = per_group ? group.points : group.points * group.count;
            total += points;
            const YAML::Node g = YAML::LoadFile((dir / "data/secret" / group.name / "test_group.yaml").string());
            CHECK(g["score_aggregation"].as<std::string>() == (per_group ? "min" : "sum"));
            CHECK(g["max_score"].as<int>() == points);
        }
        const YAML::Node secret = YAML::LoadFile((dir / "data/secret/test_group.yaml").string());
        CHECK(secret["score_aggregation"].as<std::string>() == "sum");
        CHECK(secret["max_score"].as<int>() == total);
        for (const auto& entry : fs::recursive_directory_iterator(dir))
            CHECK(entry.path().filename() != "testdata.yaml");
    }
    // The uuid follows the problem: the same in a second export, another for another problem.
    const fs::path again = scratch("kattis-2025-again");
    const auto uuid = [&](const fs::path& d) { return YAML::LoadFile((d / "problem.yaml").string())["uuid"]; };
    CHECK(uuid(exported(shipped("qmark"), ExportFormat::kattis, again, options)).as<std::string>() ==
          uuid(out / "qmark").as<std::string>());
    CHECK(uuid(out / "qmark").as<std::string>() != uuid(out / "poj2676").as<std::string>());
    fs::remove_all(out);
    fs::remove_all(again);
}

TEST_CASE("export kattis: read back by the Kattis reader, every test scores as in the test set") {
    const auto version =
        GENERATE(sudoku::formats::KattisExportVersion::legacy, sudoku::formats::KattisExportVersion::v2025_09);
    INFO("version " << sudoku::to_string(version));
    sudoku::formats::ExportOptions options;
    options.kattis = version;
    const fs::path out = scratch("kattis-back");
    std::mt19937 random(55);
    for (const char* name : kTestSets) {
        INFO(name);
        const ExportProblem p = shipped(name);
        const fs::path dir = exported(p, ExportFormat::kattis, out, options);
        auto read = sudoku::formats::read_kattis(dir);
        if (auto* errors = std::get_if<std::vector<sudoku::Diagnostic>>(&read)) FAIL(errors->front().to_string());
        const problem::Problem& back = std::get<problem::Problem>(read);
        REQUIRE(back.tests.size() == p.problem.tests.size());
        CHECK(back.limits.time_s == p.problem.limits.time_s);
        CHECK(back.limits.memory_mib == p.problem.limits.memory_mib);
        CHECK((back.checker.kind == problem::CheckerKind::program) == !p.any_valid.empty());
        if (!p.any_valid.empty()) CHECK(back.checker.protocol == problem::CheckerProtocol::kattis);
        // The same verdicts, test by test, under both models: all accepted, none, and random mixes.
        for (int round = 0; round < 8; ++round) {
            std::vector<problem::TestResult> original(p.problem.tests.size()), reread(back.tests.size());
            for (size_t i = 0; i < original.size(); ++i) {
                const bool accepted = round == 0 || (round > 1 && random() % 3 != 0);
                original[i].judgement = accepted ? problem::Judgement::accepted : problem::Judgement::wrong_answer;
            }
            for (size_t i = 0; i < back.tests.size(); ++i) {
                const problem::Test* same = by_name(p.problem, back.tests[i].name);
                // A test of a group whose tests earn points each lies in a folder of its own:
                // secret/g/01/01 is the test set's secret/g/01.
                const fs::path folder = fs::path(back.tests[i].name).parent_path();
                if (!same && folder.filename() == fs::path(back.tests[i].name).filename())
                    same = by_name(p.problem, folder.string());
                REQUIRE(same);
                reread[i] = original[static_cast<size_t>(same - p.problem.tests.data())];
            }
            const auto before = problem::score_problem(p.problem, original);
            const auto after = problem::score_problem(back, reread);
            INFO("round " << round);
            CHECK(after.score == Approx(before.score));
            // Group by group: a per-group test set's tests carry its points as the group's, the
            // package's as each test's accept_score under `min`; what is scored is the same.
            for (const auto& group : before.groups) {
                if (group.name.rfind("secret/", 0) != 0) continue;
                INFO("group " << group.name);
                const auto same = std::find_if(after.groups.begin(), after.groups.end(),
                                               [&](const problem::GroupScore& g) { return g.name == group.name; });
                REQUIRE(same != after.groups.end());
                CHECK(same->score == Approx(group.score));
                CHECK(same->judgement == group.judgement);
            }
        }
    }
    fs::remove_all(out);
}

TEST_CASE("export hydro: testdata/config.yaml holds the limits, file I/O, subtasks and checker") {
    const fs::path out = scratch("hydro");
    for (const char* name : kTestSets) {
        INFO(name);
        const ExportProblem p = shipped(name);
        const auto config = config_of(name);
        const fs::path dir = exported(p, ExportFormat::hydro, out);
        const YAML::Node yaml = YAML::LoadFile((dir / "testdata/config.yaml").string());
        CHECK(yaml["time"].as<std::string>() == std::to_string(std::lround(config.time_limit_s * 1000)) + "ms");
        CHECK(yaml["memory"].as<std::string>() == std::to_string(config.memory_limit_mib) + "m");
        if (config.input_file == "sudoku.in" && config.output_file == "sudoku.out")
            CHECK(yaml["filename"].as<std::string>() == "sudoku");
        else
            CHECK_FALSE(yaml["filename"].IsDefined());
        const bool custom = config.checker == "sudoku";
        CHECK(yaml["checker_type"].IsDefined() == custom);
        if (custom) {
            CHECK(yaml["checker_type"].as<std::string>() == "kattis");
            CHECK(fs::exists(dir / "testdata" / yaml["checker"].as<std::string>()));
        }
        const YAML::Node subtasks = yaml["subtasks"];
        REQUIRE(subtasks.size() == config.groups.size());
        size_t cases = 0;
        for (size_t i = 0; i < subtasks.size(); ++i) {
            const auto& group = config.groups[i];
            const bool per_group = config.scoring == "per-group";
            CHECK(subtasks[i]["type"].as<std::string>() == (per_group ? "min" : "sum"));
            CHECK(subtasks[i]["score"].as<int>() == (per_group ? group.points : group.points * group.count));
            CHECK(static_cast<int>(subtasks[i]["cases"].size()) == group.count);
            for (const auto& c : subtasks[i]["cases"]) {
                CHECK(fs::exists(dir / "testdata" / c["input"].as<std::string>()));
                CHECK(fs::exists(dir / "testdata" / c["output"].as<std::string>()));
                ++cases;
            }
        }
        size_t samples = 0;
        for (const auto& t : p.problem.tests) samples += t.sample ? 1 : 0;
        CHECK(cases + samples == p.problem.tests.size());
    }
    fs::remove_all(out);
}

TEST_CASE("export cms: task.yaml, input/inputN.txt, output/outputN.txt and the subtasks' points") {
    const fs::path out = scratch("cms");
    for (const char* name : kTestSets) {
        INFO(name);
        const ExportProblem p = shipped(name);
        const auto config = config_of(name);
        const fs::path dir = exported(p, ExportFormat::cms, out);
        const YAML::Node task = YAML::LoadFile((dir / "task.yaml").string());
        const int n = task["n_input"].as<int>();
        CHECK(n == static_cast<int>(p.problem.tests.size()));
        for (int i = 0; i < n; ++i) {
            CHECK(fs::exists(dir / ("input/input" + std::to_string(i) + ".txt")));
            CHECK(fs::exists(dir / ("output/output" + std::to_string(i) + ".txt")));
        }
        CHECK(task["time_limit"].as<double>() == config.time_limit_s);
        CHECK(task["memory_limit"].as<long>() == config.memory_limit_mib);
        CHECK(task["infile"].as<std::string>() == (config.input_file == "stdin" ? "" : config.input_file));
        CHECK(task["outfile"].as<std::string>() == (config.output_file == "stdout" ? "" : config.output_file));
        CHECK(task["score_type"].as<std::string>() == "GroupMin");
        int tests = 0, points = 0, expected_points = 0;
        for (const auto& subtask : task["score_type_parameters"]) {
            points += subtask[0].as<int>();
            tests += subtask[1].as<int>();
        }
        for (const auto& group : config.groups)
            expected_points += config.scoring == "per-group" ? group.points : group.points * group.count;
        CHECK(tests == n);
        CHECK(points == expected_points);
        CHECK(fs::exists(dir / "check/checker.cpp") == (config.checker == "sudoku"));
    }
    fs::remove_all(out);
}

TEST_CASE("export: an existing folder is not replaced, and a test file unlike its manifest is refused") {
    const fs::path out = scratch("refusals");
    const ExportProblem p = shipped("poj2676");
    exported(p, ExportFormat::kattis, out);
    auto again = sudoku::formats::export_problem(p, ExportFormat::kattis, out);
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(again));
    CHECK_THAT(std::get<sudoku::Diagnostic>(again).message, Catch::Contains("already exists"));

    ExportProblem own_checker = shipped("target-sudoku");
    own_checker.problem.checker.kind = problem::CheckerKind::program;
    own_checker.problem.checker.program.path = "checkers/target_check.cpp";
    auto refused = sudoku::formats::export_problem(own_checker, ExportFormat::hydro, out);
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(refused));
    CHECK(std::get<sudoku::Diagnostic>(refused).file == "checkers/target_check.cpp");
    CHECK_FALSE(fs::exists(out / "target-sudoku"));

    const fs::path copy = out / "altered";
    fs::copy(fs::path(SUDOKU_SOURCE_DIR) / "testdata/poj2676", copy);
    std::ofstream(copy / "03.ans", std::ios::app) << "\n";
    auto read = sudoku::read_test_set_problem(copy);
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(read));
    CHECK_THAT(std::get<sudoku::Diagnostic>(read).to_string(), Catch::Contains("03.ans"));
    CHECK_THAT(std::get<sudoku::Diagnostic>(read).message, Catch::Contains("differs from the manifest"));
    fs::remove_all(out);
}

TEST_CASE("export domjudge: the Kattis package with domjudge-problem.ini's name and timelimit") {
    const fs::path out = scratch("domjudge");
    for (const char* name : kTestSets) {
        INFO(name);
        const auto config = config_of(name);
        const fs::path dir = exported(shipped(name), ExportFormat::domjudge, out);
        // DOMjudge's ini: key = value lines; it reads name and timelimit from it before problem.yaml.
        std::istringstream ini(read_text(dir / "domjudge-problem.ini"));
        std::map<std::string, std::string> keys;
        for (std::string line; std::getline(ini, line);) {
            const size_t eq = line.find(" = ");
            REQUIRE(eq != std::string::npos);
            keys[line.substr(0, eq)] = line.substr(eq + 3);
        }
        CHECK(keys["name"] == "\"" + config.title + "\"");
        CHECK(std::stod(keys["timelimit"]) == config.time_limit_s);
        CHECK(fs::exists(dir / "problem.yaml"));
        CHECK(fs::exists(dir / "data/secret" / config.groups.front().name));
    }
    fs::remove_all(out);
}

TEST_CASE("export lemon: contest.cdf's task, test cases and points, and its special judge scores as LemonLime reads") {
    const fs::path out = scratch("lemon");
    for (const char* name : kTestSets) {
        INFO(name);
        const auto config = config_of(name);
        const fs::path dir = exported(shipped(name), ExportFormat::lemon, out);
        const auto cdf = nlohmann::json::parse(read_text(dir / "contest.cdf"));
        CHECK(cdf["version"] == "1.0");
        REQUIRE(cdf["tasks"].size() == 1);
        const auto& task = cdf["tasks"][0];
        CHECK(task["taskType"] == 0);
        CHECK(task["standardInputCheck"] == (config.input_file == "stdin"));
        CHECK(task["standardOutputCheck"] == (config.output_file == "stdout"));
        if (config.input_file != "stdin") CHECK(task["inputFileName"] == config.input_file);
        if (config.output_file != "stdout") CHECK(task["outputFileName"] == config.output_file);
        const bool custom = config.checker == "sudoku";
        CHECK(task["comparisonMode"] == (custom ? 4 : 1));
        if (custom) CHECK(fs::exists(dir / "data" / (task["specialJudge"].get<std::string>() + ".cpp")));
        double points = 0, expected = 0;
        size_t inputs = 0;
        for (const auto& c : task["testCases"]) {
            points += c["fullScore"].get<double>();
            CHECK(c["timeLimit"] == std::lround(config.time_limit_s * 1000));
            CHECK(c["memoryLimit"] == config.memory_limit_mib);
            REQUIRE(c["inputFiles"].size() == c["outputFiles"].size());
            for (const auto& f : c["inputFiles"]) CHECK(fs::exists(dir / "data" / f.get<std::string>()));
            for (const auto& f : c["outputFiles"]) CHECK(fs::exists(dir / "data" / f.get<std::string>()));
            inputs += c["inputFiles"].size();
        }
        for (const auto& group : config.groups) {
            expected += config.scoring == "per-group" ? group.points : group.points * group.count;
            inputs -= static_cast<size_t>(group.count);
        }
        CHECK(points == expected);
        CHECK(inputs == 0);
    }
    // LemonLime runs the special judge as `spj input output answer full_score score_file message_file`.
    if (!sudoku::testing::on_path("g++")) return;
    const fs::path data = out / "poj2676/data/poj2676";
    REQUIRE(std::system(("g++ -std=c++11 -O2 -o '" + (data / "sudoku_spj").string() + "' '" +
                         (data / "sudoku_spj.cpp").string() + "'")
                            .c_str()) == 0);
    const std::string in = (data / "easy-01.in").string(), ans = (data / "easy-01.ans").string();
    const fs::path wrong = out / "wrong.out";
    std::ofstream(wrong) << "123\n";
    for (const auto& [output, score] :
         {std::pair{ans, std::string("5\n")}, std::pair{wrong.string(), std::string("0\n")}}) {
        const std::string run = "'" + (data / "sudoku_spj").string() + "' '" + in + "' '" + output + "' '" + ans +
                                "' 5 '" + (out / "score").string() + "' '" + (out / "message").string() + "'";
        CHECK(std::system(run.c_str()) == 0);
        CHECK(read_text(out / "score") == score);
    }
    fs::remove_all(out);
}

// Zip keeps each entry's time in local time too (DOS time): an export made in Shanghai must be the
// same bytes as one made in UTC. POSIX TZ strings need no time zone database: CST-8 is UTC+8.
TEST_CASE("export: the zips are the same bytes in every time zone") {
    const char* const before = std::getenv("TZ");
    const std::string saved = before ? before : "";
    const auto zips_in = [&](const char* zone, const fs::path& out) {
        ::setenv("TZ", zone, 1);
        ::tzset();
        std::map<std::string, std::string> zips;
        for (ExportFormat format : {ExportFormat::domjudge, ExportFormat::hydro}) {
            const fs::path dir = out / std::string(sudoku::to_string(format));
            fs::create_directories(dir);
            exported(shipped("poj2676"), format, dir);
            zips[std::string(sudoku::to_string(format))] = read_text(dir / "poj2676.zip");
        }
        return zips;
    };
    const auto hour_in = [](const char* zone) {
        ::setenv("TZ", zone, 1);
        ::tzset();
        const std::time_t noon = 946728000;  // 2000-01-01T12:00:00Z
        std::tm local{};
        ::localtime_r(&noon, &local);
        return local.tm_hour;
    };
    REQUIRE(hour_in("UTC0") != hour_in("CST-8"));
    const fs::path out = scratch("zip-zones");
    const auto utc = zips_in("UTC0", out / "utc");
    const auto shanghai = zips_in("CST-8", out / "shanghai");
    if (before)
        ::setenv("TZ", saved.c_str(), 1);
    else
        ::unsetenv("TZ");
    ::tzset();
    for (const auto& [format, bytes] : utc) {
        INFO(format);
        CHECK(!bytes.empty());
        CHECK(bytes == shanghai.at(format));
    }
    fs::remove_all(out);
}
