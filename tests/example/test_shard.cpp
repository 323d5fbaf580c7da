// Scale-out: three shards graded separately and merged give the results of one run.
#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "example_run.hpp"
#include "sudoku/judge/output/report.hpp"
#include "sudoku/judge/scaleout/shard.hpp"

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

TEST_CASE(
    "the shard comes from --shard i/n, or its index from Slurm or Kubernetes and its count from SUDOKU_SHARD_COUNT") {
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
    Shard slurm = std::get<Shard>(shard_from_environment(
        env({{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "3"}, {"SUDOKU_SHARD_COUNT", "3"}})));
    CHECK((slurm.index == 2 && slurm.count == 3));
    Shard k8s =
        std::get<Shard>(shard_from_environment(env({{"JOB_COMPLETION_INDEX", "0"}, {"SUDOKU_SHARD_COUNT", "4"}})));
    CHECK((k8s.index == 0 && k8s.count == 4));
    auto no_count = shard_from_environment(env({{"JOB_COMPLETION_INDEX", "0"}}));
    REQUIRE(std::holds_alternative<std::string>(no_count));
    CHECK_THAT(std::get<std::string>(no_count), Catch::Contains("SUDOKU_SHARD_COUNT"));
    CHECK(std::holds_alternative<std::string>(shard_from_environment(env({}))));
}

TEST_CASE(
    "shards: --shard auto never takes n from Slurm, so stepped, partial and single-index arrays grade the same "
    "shards") {
    auto env = [](std::map<std::string, std::string> vars) {
        return [vars = std::move(vars)](const char* name) -> const char* {
            auto it = vars.find(name);
            return it == vars.end() ? nullptr : it->second.c_str();
        };
    };
    // --array=0-4:2 of 5 shards: task 4 is one of 3 tasks ("the shard index must be in 0..2" before).
    auto stepped = shard_from_environment(env({{"SLURM_ARRAY_TASK_ID", "4"},
                                               {"SLURM_ARRAY_TASK_MIN", "0"},
                                               {"SLURM_ARRAY_TASK_COUNT", "3"},
                                               {"SUDOKU_SHARD_COUNT", "5"}}));
    REQUIRE(std::holds_alternative<Shard>(stepped));
    CHECK(std::get<Shard>(stepped) == Shard{4, 5});
    // --array=1 re-runs shard 1 of 3 (it became shard 0/1 before).
    auto single = shard_from_environment(env({{"SLURM_ARRAY_TASK_ID", "1"},
                                              {"SLURM_ARRAY_TASK_MIN", "1"},
                                              {"SLURM_ARRAY_TASK_COUNT", "1"},
                                              {"SUDOKU_SHARD_COUNT", "3"}}));
    REQUIRE(std::holds_alternative<Shard>(single));
    CHECK(std::get<Shard>(single) == Shard{1, 3});
    // Without SUDOKU_SHARD_COUNT the array's own count is not taken.
    auto guessed = shard_from_environment(env({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}}));
    REQUIRE(std::holds_alternative<std::string>(guessed));
    CHECK_THAT(std::get<std::string>(guessed), Catch::Contains("SUDOKU_SHARD_COUNT"));
}

namespace {

// The largest shard's estimate over the mean shard's.
double imbalance(const std::vector<PlannedShard>& plan) {
    double largest = 0, total = 0;
    for (const auto& s : plan) largest = std::max(largest, s.estimate_s), total += s.estimate_s;
    return largest / (total / static_cast<double>(plan.size()));
}

}  // namespace

TEST_CASE("the example contest's shards are balanced by estimated work: the largest at most 1.15 x the mean") {
    auto loaded = load_contest(example_dir() / "contest.yaml");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) FAIL(d->to_string());
    const Contest& contest = std::get<Contest>(loaded);
    // 7 x target (8 tests x 1.5 s), 14 x poj (4 tests x 1 s): 48, 48 and 44 s. Submission k to shard
    // k mod 3 gave each shard one problem: 84, 28 and 28 s (1.8 x the mean).
    const auto plan = plan_shards(contest, 3);
    CHECK(plan[0].estimate_s == Approx(48));
    CHECK(plan[1].estimate_s == Approx(48));
    CHECK(plan[2].estimate_s == Approx(44));
    CHECK(imbalance(plan) <= 1.15);
    CHECK(plan_shards(contest, 3)[1].submissions == plan[1].submissions);  // deterministic
    for (int n = 2; n <= 4; ++n) {
        INFO(n << " shards");
        CHECK(imbalance(plan_shards(contest, n)) <= 1.15);
    }
}

TEST_CASE(
    "a generated contest of 200 contestants x 3 problems is balanced: the largest shard at most 1.15 x the mean") {
    const fs::path dir = example_dir() / "shard-balance";
    fs::remove_all(dir);
    Contest contest;
    contest.contestants_dir = dir / "contestants";
    for (int c = 0; c < 200; ++c) fs::create_directories(contest.contestants_dir / ('c' + std::to_string(c)));
    // Problems of very different weight: 40 tests x 2 s, 12 x 1 s, 5 x 0.5 s.
    const std::pair<int, double> shapes[] = {{40, 2.0}, {12, 1.0}, {5, 0.5}};
    for (const auto& [tests, limit] : shapes) {
        ContestProblem p;
        p.config.name = 'p' + std::to_string(contest.problems.size());
        p.config.time_limit_s = limit;
        p.tests.resize(static_cast<size_t>(tests));
        contest.problems.push_back(p);
    }
    for (int n : {2, 3, 4, 5, 7, 8, 16, 32}) {
        const auto plan = plan_shards(contest, n);
        INFO(n << " shards, imbalance " << imbalance(plan));
        CHECK(imbalance(plan) <= 1.15);
        size_t pairs = 0;
        for (const auto& s : plan) pairs += s.submissions.size();
        CHECK(pairs == 600);
    }
}

TEST_CASE("three shards graded apart and merged equal a single run") {
    fs::path dir = example_dir() / "shard-run";
    Contest contest = small_contest(dir);
    GradeOptions options;
    options.out_dir = dir / "single";
    write_results_json(grade(contest, options), dir / "single" / "results.json");

    fs::remove(dir / "shard.key");
    const auto made_key = load_shard_key(dir / "shard.key", true);
    REQUIRE(std::holds_alternative<ShardKey>(made_key));
    const ShardKey& key = std::get<ShardKey>(made_key);
    std::vector<fs::path> shards;
    for (int i = 0; i < 3; ++i) {
        GradeOptions o;
        o.out_dir = dir / ("shard-" + std::to_string(i));
        REQUIRE(std::holds_alternative<ContestResults>(grade_shard(contest, Shard{i, 3}, o, key)));
        shards.push_back(o.out_dir);
    }
    // A merge needs every shard.
    const fs::path merged_dir = dir / "merged";
    auto partial = merge_shards(contest, {shards[0], shards[2]}, merged_dir, key);
    REQUIRE(std::holds_alternative<MergeRefusal>(partial));
    CHECK_THAT(std::get<MergeRefusal>(partial).why, Catch::Contains("shard 1/3 is missing"));
    REQUIRE(std::get<MergeRefusal>(partial).reruns.size() == 1);
    CHECK(std::get<MergeRefusal>(partial).reruns[0].out == shards[1]);

    std::vector<fs::path> shuffled = {shards[2], shards[0], shards[1]};
    auto merged = merge_shards(contest, shuffled, merged_dir, key);
    if (auto* e = std::get_if<MergeRefusal>(&merged)) FAIL(e->why);

    Json single = read_json(dir / "single" / "results.json"), combined = read_json(merged_dir / "results.json");
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
    CHECK(fs::exists(merged_dir / "report.html"));
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
        "SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 SUDOKU_SHARD_COUNT=3 " + judge + " grade " + contest +
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
