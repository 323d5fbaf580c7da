// Scale-out: three shards graded separately and merged give the results of one run.
#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "example_run.hpp"
#include "sudoku/report.hpp"
#include "sudoku/shard.hpp"

using namespace sudoku::judge;
using namespace sudoku::testing;
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// A smaller contest over the example's test data: contestants whose verdicts do not depend on
// timing (no TLE, no MLE), so that two gradings agree on everything but the measurements.
Contest small_contest(const fs::path& dir) {
    fs::remove_all(dir);
    fs::create_directories(dir / "contestants");
    for (const char* who : {"alice", "carol", "erin", "grace"})
        fs::copy(example_dir() / "contestants" / who, dir / "contestants" / who, fs::copy_options::recursive);
    std::ofstream(dir / "contest.yaml") << "name: Shard test\ntestdata: " << (example_dir() / "testdata").string()
                                        << "\nproblems:\n  - config: "
                                        << (example_dir() / "configs/target.yaml").string()
                                        << "\n  - config: " << (example_dir() / "configs/poj2676.yaml").string()
                                        << "\njobs: 2\n";
    auto loaded = load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) FAIL(d->to_string());
    return std::get<Contest>(loaded);
}

// results.json without what differs between two runs of the same programs: the measurements.
Json without_measurements(Json j) {
    for (auto& c : j.at("contestants"))
        for (auto& p : c.at("problems"))
            for (auto& t : p.at("tests")) t.erase("cpu_s"), t.erase("wall_s"), t.erase("peak_kib");
    j.erase("shards");  // a merge also reports each shard's protections; a single run has no shards
    return j;
}

Json read_json(const fs::path& f) {
    std::ifstream in(f);
    REQUIRE(in);
    return Json::parse(in);
}

}  // namespace

TEST_CASE("shards partition the submissions deterministically") {
    Contest contest = small_contest(example_dir() / "shard-partition");
    std::vector<Submission> all = all_submissions(contest);
    REQUIRE(all.size() == 8);
    std::vector<Submission> seen;
    for (int i = 0; i < 3; ++i) {
        auto mine = shard_submissions(contest, Shard{i, 3});
        CHECK(mine == shard_submissions(contest, Shard{i, 3}));
        CHECK(mine.size() >= all.size() / 3);
        seen.insert(seen.end(), mine.begin(), mine.end());
    }
    auto key = [](const Submission& s) { return s.contestant + "/" + s.problem; };
    std::set<std::string> unique;
    for (const auto& s : seen) unique.insert(key(s));
    CHECK(seen.size() == all.size());
    CHECK(unique.size() == all.size());
}

TEST_CASE("the shard comes from --shard i/n, Slurm's array variables or a Kubernetes completion index") {
    CHECK(std::get<Shard>(parse_shard("2/3")).index == 2);
    CHECK(std::get<Shard>(parse_shard("2/3")).count == 3);
    CHECK(std::holds_alternative<std::string>(parse_shard("3/3")));
    CHECK(std::holds_alternative<std::string>(parse_shard("1")));
    CHECK(std::holds_alternative<std::string>(parse_shard("a/3")));

    auto env = [](std::map<std::string, std::string> vars) {
        return [vars = std::move(vars)](const char* name) -> const char* {
            auto it = vars.find(name);
            return it == vars.end() ? nullptr : it->second.c_str();
        };
    };
    Shard slurm =
        std::get<Shard>(shard_from_environment(env({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "3"}})));
    CHECK((slurm.index == 2 && slurm.count == 3));
    Shard from_one = std::get<Shard>(shard_from_environment(
        env({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}})));
    CHECK((from_one.index == 2 && from_one.count == 3));
    Shard k8s =
        std::get<Shard>(shard_from_environment(env({{"JOB_COMPLETION_INDEX", "0"}, {"SUDOKU_SHARD_COUNT", "4"}})));
    CHECK((k8s.index == 0 && k8s.count == 4));
    auto no_count = shard_from_environment(env({{"JOB_COMPLETION_INDEX", "0"}}));
    REQUIRE(std::holds_alternative<std::string>(no_count));
    CHECK_THAT(std::get<std::string>(no_count), Catch::Contains("SUDOKU_SHARD_COUNT"));
    CHECK(std::holds_alternative<std::string>(shard_from_environment(env({}))));
}

TEST_CASE("three shards graded apart and merged equal a single run") {
    fs::path dir = example_dir() / "shard-run";
    Contest contest = small_contest(dir);
    GradeOptions options;
    options.out_dir = dir / "single";
    write_results_json(grade(contest, options), dir / "single" / "results.json");

    std::vector<fs::path> shards;
    for (int i = 0; i < 3; ++i) {
        GradeOptions o;
        o.out_dir = dir / ("shard-" + std::to_string(i));
        grade_shard(contest, Shard{i, 3}, o);
        shards.push_back(o.out_dir);
    }
    // A merge needs every shard.
    GradeOptions merge;
    merge.out_dir = dir / "merged";
    auto partial = merge_shards(contest, {shards[0], shards[2]}, merge);
    REQUIRE(std::holds_alternative<std::string>(partial));
    CHECK_THAT(std::get<std::string>(partial), Catch::Contains("shards missing: 1"));

    std::vector<fs::path> shuffled = {shards[2], shards[0], shards[1]};
    auto merged = merge_shards(contest, shuffled, merge);
    if (auto* e = std::get_if<std::string>(&merged)) FAIL(*e);
    const ContestResults& results = std::get<ContestResults>(merged);
    write_reports(results, merge.out_dir);

    Json single = read_json(dir / "single" / "results.json"), combined = read_json(merge.out_dir / "results.json");
    CHECK(without_measurements(combined) == without_measurements(single));
    CHECK(combined.at("contestants").at(0).at("name") == "alice");
    // The merge only assembles: every measurement is the one its shard journaled, none re-run.
    std::map<std::string, double> shard_cpu;
    for (const auto& s : shards) {
        std::ifstream journal(s / "journal.jsonl");
        for (std::string line; std::getline(journal, line);) {
            Json line_json = Json::parse(line, nullptr, false);
            if (line_json.is_discarded() || !line_json.contains("test")) continue;
            const Json& j = line_json.at("test");
            if (j.contains("cpu_s"))
                shard_cpu[j.at("contestant").get<std::string>() + "/" + j.at("problem").get<std::string>() + "/" +
                          j.at("test").get<std::string>()] = j.at("cpu_s");
        }
    }
    int compared = 0;
    for (const auto& c : combined.at("contestants"))
        for (const auto& p : c.at("problems"))
            for (const auto& t : p.at("tests")) {
                std::string key = c.at("name").get<std::string>() + "/" + p.at("problem").get<std::string>() + "/" +
                                  t.at("test").get<std::string>();
                REQUIRE(shard_cpu.count(key));
                CHECK(t.at("cpu_s").get<double>() == Approx(shard_cpu[key]).margin(0.0005));
                ++compared;
            }
    CHECK(compared > 0);
    CHECK(fs::exists(merge.out_dir / "report.html"));
}

TEST_CASE("three sudoku-judge processes on --shard i/3 at once, merged by sudoku-judge merge, equal a single run") {
    fs::path dir = example_dir() / "shard-cli";
    small_contest(dir);
    const std::string judge = std::string(SUDOKU_BINARY_DIR) + "/judge/sudoku-judge";
    const std::string contest = (dir / "contest.yaml").string(), d = dir.string();
    auto run = [](const std::string& command) {
        INFO(command);
        REQUIRE(std::system(command.c_str()) == 0);
    };
    run(judge + " grade " + contest + " --jobs 1 --out " + d + "/single > " + d + "/single.log 2>&1");
    // Shard 0 by index, shard 1 from Slurm's array variables, shard 2 from a Kubernetes completion
    // index: three separate processes running at the same time, as a scheduler would start them.
    run("( " + judge + " grade " + contest + " --jobs 1 --shard 0/3 --out " + d + "/s0 > " + d + "/s0.log 2>&1 & " +
        "SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 " + judge + " grade " + contest +
        " --jobs 1 --shard auto --out " + d + "/s1 > " + d + "/s1.log 2>&1 & " +
        "JOB_COMPLETION_INDEX=2 SUDOKU_SHARD_COUNT=3 " + judge + " grade " + contest + " --jobs 1 --shard auto --out " +
        d + "/s2 > " + d + "/s2.log 2>&1 & wait )");
    run(judge + " merge " + contest + " --out " + d + "/merged " + d + "/s0 " + d + "/s1 " + d + "/s2 > " + d +
        "/merge.log 2>&1");
    Json single = read_json(dir / "single" / "results.json"), merged = read_json(dir / "merged" / "results.json");
    CHECK(without_measurements(merged) == without_measurements(single));
    CHECK(fs::exists(dir / "merged" / "results.csv"));
    CHECK(fs::exists(dir / "merged" / "report.html"));
}
