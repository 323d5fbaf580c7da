// load_problem_config: the YAML problem config, read and checked key by key. Every complaint is a
// Diagnostic at the YAML node it is about (yaml-cpp marks are 0-based, ours 1-based).
#include "sudoku/problem/problem_config.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/common/config_paths.hpp"
#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/problem/puzzle_kind.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"

namespace sudoku {
namespace {

// input / output: stdin / stdout or a file name in the box (sudoku/common/config_paths.hpp).
std::string box_file(const YamlReader& in, const YAML::Node& node, const std::string& key, const std::string& stream) {
    std::string name = in.text(node, key);
    if (name == stream) return name;
    if (auto why = box_file_name_problem(name); !why.empty())
        in.fail(node, "'" + key + "' " + why + ", found '" + name + "' (or " + stream + ")");
    return name;
}

// A built-in checker's name, or a testlib checker made absolute against the config's folder.
std::string checker(const YamlReader& in, const YAML::Node& node, const std::filesystem::path& config_file) {
    std::string name = in.text(node, "checker");
    if (is_builtin_checker(name)) return name;
    auto resolved = resolve_checker_path(config_file, name);
    if (auto* why = std::get_if<std::string>(&resolved))
        in.fail(node, "'checker' is neither tokens, exact, lines nor sudoku, nor an executable file: " + *why);
    return std::get<std::filesystem::path>(resolved).string();
}

// "MIN..MAX" or a single number.
std::pair<int, int> clue_range(const YamlReader& in, const YAML::Node& node, int cells) {
    const std::string s = in.text(node, "clues");
    const auto dots = s.find("..");
    try {
        std::size_t used = 0;
        if (dots == std::string::npos) {
            const int v = std::stoi(s, &used);
            if (used == s.size()) return {v, v};
        } else {
            const int lo = std::stoi(s.substr(0, dots), &used);
            std::size_t used_hi = 0;
            const int hi = std::stoi(s.substr(dots + 2), &used_hi);
            if (used == dots && used_hi == s.size() - dots - 2) {
                if (lo > hi) in.fail(node, "clue range '" + s + "' has MIN > MAX");
                if (lo < 0 || hi > cells)
                    in.fail(node, "clue range '" + s + "' is outside 0.." + std::to_string(cells));
                return {lo, hi};
            }
        }
    } catch (const std::logic_error&) {}
    in.fail(node, "'clues' expects MIN..MAX (e.g. 24..30), found '" + s + "'");
}

TestGroup read_group(const YamlReader& in, const YAML::Node& node, const Problem& problem, int index) {
    in.only_keys(node, {"name", "count", "clues", "kind", "hardness", "symmetry", "points", "puzzles", "max_solutions"},
                 "group " + std::to_string(index + 1));
    const int box = format_box(problem.input);
    const int cells = box * box * box * box;
    TestGroup group;
    group.line = node.Mark().line + 1;
    group.name = node["name"] ? in.text(node["name"], "name") : "group" + std::to_string(index + 1);
    if (node["count"]) group.count = in.integer(node["count"], "count", config_bounds::kCount);
    if (!node["clues"]) in.fail(node, "group '" + group.name + "' needs 'clues: MIN..MAX'");
    std::tie(group.min_clues, group.max_clues) = clue_range(in, node["clues"], cells);
    if (node["kind"]) {
        group.kind = in.text(node["kind"], "kind");
        if (!from_string<PuzzleKind>(group.kind))
            in.fail(node["kind"], "unknown kind '" + group.kind + "' (" + joined_names<PuzzleKind>(" | ") + ")");
    }
    if (node["hardness"]) {
        group.hardness = in.text(node["hardness"], "hardness");
        if (group.hardness != "normal" && group.hardness != "brute-force")
            in.fail(node["hardness"], "unknown hardness '" + group.hardness + "' (normal | brute-force)");
        if (group.hardness == "brute-force" && problem.input != Format::target)
            in.fail(node["hardness"], "hardness brute-force is for the target problem only");
    }
    if (node["symmetry"]) {
        group.symmetry = in.text(node["symmetry"], "symmetry");
        if (!from_string<Symmetry>(group.symmetry))
            in.fail(node["symmetry"],
                    "unknown symmetry '" + group.symmetry + "' (" + joined_names<Symmetry>(" | ") + ")");
    }
    if (node["points"]) group.points = in.integer(node["points"], "points", config_bounds::kPoints);
    if (node["puzzles"]) group.puzzles = in.integer(node["puzzles"], "puzzles", config_bounds::kPuzzles);
    if (node["max_solutions"])
        group.max_solutions = in.integer(node["max_solutions"], "max_solutions", config_bounds::kMaxSolutions);

    const YAML::Node where = node["clues"];
    if (problem.input == Format::target && group.puzzles != 1)
        in.fail(node["puzzles"], "a target test holds exactly one puzzle");
    if (problem.any_valid_solution && group.kind == "unsolvable")
        in.fail(node["kind"],
                "problem " + std::string(problem.name) + " promises solvable input: kind unsolvable is not allowed");
    if (problem.input == Format::sudogob && group.kind == "solvable" && group.max_solutions == 0)
        in.fail(node["kind"], "sudogob answers exact counts: a solvable group needs 'max_solutions'");
    if (auto why = impossible_clue_range(box, group.min_clues, group.max_clues, *from_string<PuzzleKind>(group.kind)))
        in.fail(where, "impossible request: " + *why);
    return group;
}

// The answer for "no completion" must not be a score some full grid reaches: with weights that
// let a grid score -1, the default -1 is refused and the config has to name another token.
void read_no_completion(const YamlReader& in, const YAML::Node& root, const Problem& problem, ProblemConfig& config) {
    const YAML::Node node = root["no_completion"];
    if (node) {
        if (problem.input != Format::target) in.fail(node, "'no_completion' is for the target problem only");
        const std::string token = in.text(node, "no_completion");
        if (token.empty() || std::any_of(token.begin(), token.end(), [](unsigned char c) { return std::isspace(c); }))
            in.fail(node, "'no_completion' is one token (no spaces), found '" + token + "'");
        config.no_completion = token;
    }
    if (problem.input != Format::target) return;
    const AnswerOptions options = config.answer_options();
    if (!target_no_completion_is_ambiguous(options)) return;
    if (node)
        in.fail(node, "'no_completion: " + options.no_completion +
                          "' is a score some full grid may reach under these weights; name a token no grid scores");
    in.fail(root["weights"], "under these weights a full grid may score " + options.no_completion +
                                 ", the default answer for 'no completion': name another one with "
                                 "'no_completion: <token>' (for example none)");
}

ProblemConfig read_config(const YamlReader& in, const YAML::Node& root, const std::filesystem::path& path) {
    in.only_keys(
        root,
        {"name", "title", "problem", "input", "output", "time_limit", "wall_limit", "memory_limit", "output_limit",
         "checker", "scoring", "seed", "samples", "groups", "weights", "no_completion", "count_cap"},
        "the problem config");
    ProblemConfig config;
    config.source = path;
    for (const char* required : {"name", "problem", "groups"})
        if (!root[required]) in.fail(root, std::string("missing key '") + required + "'");
    config.name = in.text(root["name"], "name");
    config.name_line = root["name"].Mark().line + 1;
    for (char c : config.name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
            in.fail(root["name"], "'name' is a folder name: letters, digits, '-' and '_' only");
    config.problem = in.text(root["problem"], "problem");
    const Problem* problem = find_problem(config.problem);
    if (!problem) {
        std::string list;
        for (const auto& p : all_problems()) list += (list.empty() ? "" : ", ") + std::string(p.name);
        in.fail(root["problem"], "unknown problem '" + config.problem + "' (known: " + list + ")");
    }
    config.title = root["title"] ? in.text(root["title"], "title") : config.name;
    if (root["input"]) config.input_file = box_file(in, root["input"], "input", "stdin");
    if (root["output"]) config.output_file = box_file(in, root["output"], "output", "stdout");
    if (root["time_limit"])
        config.time_limit_s = in.number(root["time_limit"], "time_limit", config_bounds::kTimeLimitS);
    if (root["wall_limit"])
        config.wall_limit_s = in.number(root["wall_limit"], "wall_limit", config_bounds::kWallLimitS);
    if (root["memory_limit"])
        config.memory_limit_mib = in.integer(root["memory_limit"], "memory_limit", config_bounds::kMemoryLimitMib);
    if (root["output_limit"])
        config.output_limit_kib = in.integer(root["output_limit"], "output_limit", config_bounds::kOutputLimitKib);
    if (root["checker"]) config.checker = checker(in, root["checker"], path);
    if (root["scoring"]) {
        config.scoring = in.text(root["scoring"], "scoring");
        if (config.scoring != "per-test" && config.scoring != "per-group")
            in.fail(root["scoring"], "unknown scoring '" + config.scoring + "' (per-test | per-group)");
    }
    if (root["seed"]) config.seed = in.integer(root["seed"], "seed", config_bounds::kSeed);

    if (const YAML::Node cap = root["count_cap"]) {
        if (problem->input != Format::sudogob) in.fail(cap, "'count_cap' is for the sudogob problem only");
        config.count_cap = in.integer(cap, "count_cap", config_bounds::kCountCap);
    }
    const YAML::Node groups = root["groups"];
    if (!groups.IsSequence() || groups.size() == 0) in.fail(groups, "'groups' must be a non-empty list");
    for (std::size_t i = 0; i < groups.size(); ++i)
        config.groups.push_back(read_group(in, groups[i], *problem, static_cast<int>(i)));
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (problem->input == Format::sudogob && config.groups[i].max_solutions > config.count_cap)
            in.fail(groups[i]["max_solutions"], "max_solutions " + std::to_string(config.groups[i].max_solutions) +
                                                    " is above count_cap " + std::to_string(config.count_cap) +
                                                    ": a test set holds no count above its cap");

    if (const YAML::Node weights = root["weights"]) {
        if (problem->input != Format::target) in.fail(weights, "'weights' is for the target problem only");
        auto parsed = parse_weights(in.text(weights, "weights"), in.file());
        if (auto* d = std::get_if<Diagnostic>(&parsed)) in.fail_inside(weights, *d);
        config.weights = std::get<Weights>(parsed);
    }
    read_no_completion(in, root, *problem, config);
    if (const YAML::Node samples = root["samples"]) {
        if (!samples.IsSequence()) in.fail(samples, "'samples' must be a list of '- input: |' blocks");
        for (const auto& sample : samples) {
            in.only_keys(sample, {"input"}, "a sample");
            if (!sample["input"]) in.fail(sample, "a sample needs 'input'");
            const std::string input = in.text(sample["input"], "input");
            auto parsed = parse_puzzle_file(problem->input, input, in.file());
            if (auto* d = std::get_if<Diagnostic>(&parsed)) in.fail_inside(sample["input"], *d);
            config.samples.push_back({input, sample["input"].Mark().line + 1});
        }
    }
    return config;
}

}  // namespace

AnswerOptions ProblemConfig::answer_options() const {
    AnswerOptions options;
    if (weights) options.weights = *weights;
    if (no_completion) options.no_completion = *no_completion;
    options.count_cap = count_cap;
    return options;
}

std::variant<ProblemConfig, Diagnostic> load_problem_config(const std::filesystem::path& yaml_file) {
    const std::string file = yaml_file.string();
    auto text = read_text_file(yaml_file, kMaxConfigBytes);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    const YamlReader in(file, std::get<std::string>(text));
    try {
        const YAML::Node root = in.root(std::get<std::string>(text));
        if (!root.IsMap()) return Diagnostic{file, 1, 0, "expected a mapping of keys (name, problem, groups, ...)"};
        return read_config(in, root, yaml_file);
    } catch (const YamlError& e) {
        return e.diagnostic;
    } catch (const YAML::Exception& e) {
        return Diagnostic{file, e.mark.line + 1, e.mark.column + 1, e.msg};
    } catch (const std::exception& e) {  // never expected; still a message naming the file
        return Diagnostic{file, 0, 0, std::string("cannot read the config: ") + e.what()};
    }
}

}  // namespace sudoku
