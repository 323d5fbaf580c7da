// Reading CONTEST.yaml and the generator's test-set manifests.
#include "sudoku/contest.hpp"

#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "sudoku/manifest.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

Diagnostic at(const fs::path& file, const YAML::Node& node, std::string message) {
    YAML::Mark m = node.Mark();
    return Diagnostic{file.string(), m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0,
                      std::move(message)};
}

bool same_or_inside(const fs::path& inner, const fs::path& outer) {
    auto i = fs::weakly_canonical(inner), o = fs::weakly_canonical(outer);
    auto [end, _] = std::mismatch(o.begin(), o.end(), i.begin(), i.end());
    return end == o.end();
}

// A read_only_dirs entry: what is wrong with it, or "" (it would reopen the answers or the other
// contestants' files to every program if it held them).
std::string read_only_dir_problem(const fs::path& dir, const Contest& c) {
    if (!dir.is_absolute()) return "read_only_dirs: '" + dir.string() + "' is not an absolute path";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return "read_only_dirs: '" + dir.string() + "' is not a directory";
    std::vector<fs::path> secret = {c.contestants_dir, c.testdata_dir};
    for (const auto& p : c.problems) secret.push_back(p.testdata);
    for (const auto& s : secret)
        if (same_or_inside(s, dir) || same_or_inside(dir, s))
            return "read_only_dirs: '" + dir.string() + "' would show " + s.string() + " to the programs";
    return "";
}

std::variant<ContestProblem, Diagnostic> load_problem(const Contest& contest, const YAML::Node& entry) {
    fs::path base = contest.source.parent_path();
    fs::path config_path;
    if (entry.IsScalar())
        config_path = contest.testdata_dir / entry.as<std::string>() / "config.yaml";
    else if (entry.IsMap() && entry["config"])
        config_path = base / entry["config"].as<std::string>();
    else
        return at(contest.source, entry, "expected a problem name or {config: path}");
    auto loaded = load_problem_config(config_path);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) return *d;
    ContestProblem p;
    p.config = std::get<ProblemConfig>(loaded);
    p.testdata = contest.testdata_dir / p.config.name;
    if (entry.IsMap() && entry["testdata"]) p.testdata = base / entry["testdata"].as<std::string>();
    auto tests = load_tests(p.testdata);
    if (auto* d = std::get_if<Diagnostic>(&tests)) return *d;
    p.tests = std::get<std::vector<TestCase>>(tests);
    return p;
}

}  // namespace

std::variant<std::vector<TestCase>, Diagnostic> load_tests(const fs::path& dir) {
    auto read = read_manifest(dir);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        if (!fs::exists(dir / kManifestFile)) d->message += " (run sudoku-gen first?)";
        return *d;
    }
    std::vector<TestCase> tests;
    for (const ManifestTest& t : std::get<Manifest>(read).tests) {
        TestCase c;
        c.name = t.test;
        c.group = t.group.empty() ? c.name : t.group;
        c.input = dir / (t.input.empty() ? c.name + ".in" : t.input);
        c.answer = dir / (t.answer_file.empty() ? c.name + ".ans" : t.answer_file);
        c.points = t.points;
        if (c.name.empty()) return Diagnostic{(dir / kManifestFile).string(), 0, 0, "a test without a \"test\" name"};
        if (!fs::exists(c.input))
            return Diagnostic{c.input.string(), 0, 0, "test input listed in the manifest is missing"};
        tests.push_back(std::move(c));
    }
    return tests;
}

std::variant<Contest, Diagnostic> load_contest(const fs::path& yaml_file) {
    YAML::Node root;
    try {
        root = YAML::LoadFile(yaml_file.string());
    } catch (const YAML::BadFile&) {
        return Diagnostic{yaml_file.string(), 0, 0, "cannot read the contest file"};
    } catch (const YAML::ParserException& e) {
        return Diagnostic{yaml_file.string(), e.mark.line + 1, e.mark.column + 1, e.msg};
    }
    Contest c;
    c.source = yaml_file;
    fs::path base = yaml_file.parent_path();
    try {
        static const std::vector<std::string> known = {"name",    "contestants", "testdata", "problems",
                                                       "compile", "jobs",        "stack",    "read_only_dirs"};
        for (auto kv : root) {
            std::string key = kv.first.as<std::string>();
            if (std::find(known.begin(), known.end(), key) == known.end())
                return at(yaml_file, kv.first, "unknown key '" + key + "'");
        }
        c.name = root["name"] ? root["name"].as<std::string>() : yaml_file.stem().string();
        c.contestants_dir = base / (root["contestants"] ? root["contestants"].as<std::string>() : "contestants");
        c.testdata_dir = base / (root["testdata"] ? root["testdata"].as<std::string>() : "testdata");
        if (root["jobs"]) c.jobs = root["jobs"].as<int>();
        if (root["stack"] && root["stack"].as<std::string>() != "memory") c.stack_mib = root["stack"].as<long long>();
        if (auto cc = root["compile"]) {
            if (cc["cpp"]) c.compile.cpp = cc["cpp"].as<std::string>();
            if (cc["c"]) c.compile.c = cc["c"].as<std::string>();
            if (cc["time_limit"]) c.compile.time_limit_s = cc["time_limit"].as<double>();
            if (cc["message_limit"]) c.compile.message_limit_kib = cc["message_limit"].as<long long>();
        }
        if (!root["problems"] || !root["problems"].IsSequence() || root["problems"].size() == 0)
            return at(yaml_file, root, "expected 'problems:' with at least one problem");
        for (auto entry : root["problems"]) {
            auto p = load_problem(c, entry);
            if (auto* d = std::get_if<Diagnostic>(&p)) return *d;
            c.problems.push_back(std::get<ContestProblem>(std::move(p)));
        }
        if (auto dirs = root["read_only_dirs"]) {
            if (!dirs.IsSequence()) return at(yaml_file, dirs, "read_only_dirs: expected a list of directories");
            for (auto d : dirs) {
                fs::path dir = d.as<std::string>();
                if (auto problem = read_only_dir_problem(dir, c); !problem.empty()) return at(yaml_file, d, problem);
                c.read_only_dirs.push_back(dir);
            }
        }
    } catch (const YAML::Exception& e) {
        return Diagnostic{yaml_file.string(), e.mark.line + 1, e.mark.column + 1, e.msg};
    }
    if (!fs::is_directory(c.contestants_dir))
        return Diagnostic{yaml_file.string(), 0, 0,
                          "contestants directory " + c.contestants_dir.string() + " does not exist"};
    return c;
}

std::vector<std::string> list_contestants(const fs::path& dir) {
    std::vector<std::string> names;
    for (auto& e : fs::directory_iterator(dir))
        if (e.is_directory()) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

fs::path find_submission(const fs::path& contestant_dir, const std::string& problem) {
    for (fs::path dir : {contestant_dir, contestant_dir / problem}) {
        for (const char* ext : {".cpp", ".cc", ".cxx", ".c"})
            if (fs::is_regular_file(dir / (problem + ext))) return dir / (problem + ext);
        fs::path binary = dir / problem;
        struct stat st;
        if (stat(binary.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111)) return binary;
    }
    return {};
}

}  // namespace sudoku::judge
