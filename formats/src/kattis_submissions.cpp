// A Kattis package's programs: its output and input validators, its own submissions.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "kattis_parts.hpp"

namespace sudoku::formats::kattis {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

namespace {

constexpr Judgement AC = Judgement::accepted, WA = Judgement::wrong_answer, TLE = Judgement::time_limit_exceeded,
                    RTE = Judgement::run_time_error;

// A program of the package: a file, or a folder whose sources share one language.
problem::Program program_at(const PackageFiles& files, const fs::path& path, Refusals& refusals) {
    problem::Program p;
    p.path = path;
    if (!files.is_dir(path)) {
        files.regular(path, refusals);
        p.language = language_of(path);
        return p;
    }
    for (const auto& f : files.list(path, refusals)) {
        if (files.is_dir(f)) continue;
        files.regular(f, refusals);
        if (p.language.empty()) p.language = language_of(f);
    }
    return p;
}

// A folder holding one program (legacy output_validators/<name>/), or the program itself.
fs::path single_program(const PackageFiles& files, const fs::path& dir, Refusals& refusals) {
    const auto entries = files.list(dir, refusals);
    if (entries.size() == 1) return entries[0];
    return dir;
}

double parse_tolerance(const std::vector<std::string>& flags, size_t& i, const fs::path& where, Refusals& refusals) {
    if (i + 1 >= flags.size()) {
        refusals.add(where, 0, "'" + flags[i] + "' expects a number after it");
        return 0;
    }
    char* end = nullptr;
    const double v = std::strtod(flags[i + 1].c_str(), &end);
    if (*end != '\0' || !(v >= 0) || v > 1e9)
        refusals.add(where, 0, "'" + flags[i] + "' expects a number, found '" + flags[i + 1] + "'");
    ++i;
    return v;
}

}  // namespace

// What a submissions/<folder>/ requires of its submissions.
bool folder_rules(const std::string& folder, problem::Expectation& e) {
    if (folder == "accepted")
        e.permitted = {AC};
    else if (folder == "wrong_answer")
        e.permitted = {AC, WA}, e.required = {WA};
    else if (folder == "time_limit_exceeded")
        e.permitted = {AC, WA, TLE}, e.required = {TLE};
    else if (folder == "run_time_error")
        e.permitted = {AC, WA, TLE, RTE}, e.required = {RTE};
    else if (folder == "rejected")
        e.required = {WA, TLE, RTE};
    else if (folder == "brute_force")
        e.permitted = {AC, RTE, TLE}, e.required = {RTE, TLE};
    else if (folder == "slow_accepted")
        e.permitted = {AC, TLE};
    else if (folder == "partially_accepted")
        e.overall = {AC};
    else
        return false;
    return true;
}

std::string contestant_name(const std::string& folder, const fs::path& entry, const Problem& problem) {
    std::string name = folder + "-" + entry.filename().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
    // Two files whose names differ only in characters a name cannot hold ("a b.c", "a#b.c").
    const auto taken = [&](const std::string& n) {
        return std::any_of(problem.expectations.begin(), problem.expectations.end(),
                           [&](const problem::Expectation& e) { return e.contestant == n; });
    };
    const std::string base = name;
    for (int k = 2; taken(name); ++k) name = base + "-" + std::to_string(k);
    return name;
}

void apply_default_flags(const std::vector<std::string>& flags, problem::Checker& checker, const fs::path& where,
                         Refusals& refusals) {
    checker.case_sensitive = false;
    for (size_t i = 0; i < flags.size(); ++i) {
        const std::string& f = flags[i];
        if (f == "case_sensitive")
            checker.case_sensitive = true;
        else if (f == "space_change_sensitive")
            checker.space_change_sensitive = true;
        else if (f == "float_tolerance")
            checker.float_absolute = checker.float_relative = parse_tolerance(flags, i, where, refusals);
        else if (f == "float_absolute_tolerance")
            checker.float_absolute = parse_tolerance(flags, i, where, refusals);
        else if (f == "float_relative_tolerance")
            checker.float_relative = parse_tolerance(flags, i, where, refusals);
        else
            refusals.add(where, 0,
                         "the default output validator has no flag '" + f +
                             "' (case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance, "
                             "float_relative_tolerance)");
    }
    if (checker.float_absolute || checker.float_relative) checker.kind = problem::CheckerKind::floats;
}

void read_validators(const PackageFiles& files, const Metadata& meta, Problem& problem, Refusals& refusals) {
    const fs::path legacy_dir = files.root() / "output_validators", dir = files.root() / "output_validator";
    const bool custom = meta.custom_validator ||
                        (meta.version != KattisVersion::legacy && (files.is_dir(dir) || files.is_dir(legacy_dir)));
    // Every test's own arguments must agree when the default validator is used: it takes its
    // flags once per problem here.
    std::vector<std::string> test_args =
        problem.tests.empty() ? std::vector<std::string>{} : problem.tests[0].checker_arguments;
    if (custom) {
        fs::path where = files.is_dir(dir) ? dir : legacy_dir;
        const bool named = !meta.special_compare.empty();
        if (named) where = legacy_dir / meta.special_compare;
        if (!files.is_dir(where)) {
            refusals.add(files.root() / "problem.yaml", 0, "'validation: custom' but no output_validators/ folder");
        } else {
            problem.checker.kind = problem::CheckerKind::program;
            problem.checker.protocol = problem::CheckerProtocol::kattis;
            problem.checker.program =
                program_at(files, named ? where : single_program(files, where, refusals), refusals);
            problem.checker.arguments = meta.validator_flags;
            if (problem.checker.program.language.empty())
                refusals.add(
                    where, 0,
                    "the output validator's language is not one the judge compiles (C, C++, Python, Java, Pascal)");
        }
    } else {
        for (const auto& t : problem.tests)
            if (t.checker_arguments != test_args)
                refusals.add(files.root() / "data", 0,
                             "test " + t.name +
                                 " gives the default output validator other flags than the first test: one set per "
                                 "problem is supported");
        auto flags = meta.validator_flags;
        flags.insert(flags.end(), test_args.begin(), test_args.end());
        apply_default_flags(flags, problem.checker, files.root() / "problem.yaml", refusals);
        for (auto& t : problem.tests) t.checker_arguments.clear();
    }
    for (const char* name : {"input_validators", "input_format_validators"}) {
        const fs::path vdir = files.root() / name;
        if (!files.is_dir(vdir)) continue;
        for (const auto& entry : files.list(vdir, refusals)) {
            problem::InputValidator v;
            v.program = program_at(files, entry, refusals);
            problem.validators.push_back(std::move(v));
        }
    }
}

void read_submissions(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    const fs::path dir = files.root() / "submissions";
    if (!files.is_dir(dir)) return;
    for (const auto& folder : files.list(dir, refusals)) {
        if (!files.is_dir(folder)) continue;
        problem::Expectation rules;
        const std::string name = folder.filename().string();
        if (!folder_rules(name, rules)) {
            problem.notes.push_back("submissions/" + name +
                                    "/: not a verdict folder of the format, its submissions are not imported");
            continue;
        }
        for (const auto& entry : files.list(folder, refusals)) {
            problem::Expectation e = rules;
            e.folder = name;
            e.submission = program_at(files, entry, refusals);
            e.contestant = contestant_name(name, entry, problem);
            problem.expectations.push_back(std::move(e));
        }
    }
    if (files.exists(dir / "submissions.yaml"))
        problem.notes.push_back(
            "submissions/submissions.yaml is not read: each submission gets its folder's default expectation");
}

}  // namespace sudoku::formats::kattis
