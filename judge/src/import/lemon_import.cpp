// import_lemon: see sudoku/judge/import/lemon_import.hpp. The .cdf's field names are LemonLime's; what they
// mean was read in its src/core/{contest,task,testcase}.cpp and how it judges and scores in
// judgingthread.cpp and taskjudger.cpp (nothing of it is copied).
#include "sudoku/judge/import/lemon_import.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "aside_folder.hpp"
#include "sudoku/common/config_paths.hpp"
#include "sudoku/formats/lemon_cdf.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/judge/files/durable_file.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
namespace lemon = formats::lemon;
using lemon::integer_field;
using lemon::Json;
using lemon::Refusal;
using lemon::text_field;

namespace {

// LemonLime's enums, by their numbers in the .cdf.
enum LemonTaskType { kTraditional = 0, kAnswersOnly, kInteraction, kCommunication, kCommunicationExec };
constexpr const char* kTaskTypeNames[] = {"traditional", "answers only", "interaction", "communication",
                                          "communication with an executable grader"};
enum LemonComparison {
    kLineByLine = 0,
    kIgnoreSpaces = 1,
    kExternalTool = 2,
    kRealNumber = 3,
    kLemonJudge = 4,
    kTestlib = 5
};
constexpr const char* kDependencyMark = "_lemon_SUbtaskDEPENDENCE_fLAg";
constexpr std::int64_t kMaxTimeLimitMs = static_cast<std::int64_t>(config_bounds::kTimeLimitS.max * 1000);
constexpr std::int64_t kMinTimeLimitMs = 10;  // config_bounds::kTimeLimitS.min

// A YAML scalar written as a JSON string (JSON's escapes are YAML's double-quoted ones).
std::string quoted(const std::string& text) { return Json(text).dump(-1, ' ', true); }

// `path` relative to `base`, both absolute, for a YAML file in `base`.
std::string relative_to(const fs::path& path, const fs::path& base) {
    return fs::weakly_canonical(path).lexically_relative(fs::weakly_canonical(base)).string();
}

// The LemonLime folder's data/, where every file a task names must lie.
struct DataFolder {
    fs::path path;       // absolute, as the contest names it
    fs::path canonical;  // with links resolved, to check that a file stays inside

    // `name` (relative to data/, as LemonLime joins it) as a regular file inside data/, or a Refusal.
    fs::path file(const std::string& name, const std::string& where, const char* what) const {
        const fs::path relative(name);
        if (name.empty() || relative.is_absolute())
            throw Refusal{where + ": " + what + " '" + name + "' is not a file inside data/"};
        for (const auto& part : relative)
            if (part == "..") throw Refusal{where + ": " + what + " '" + name + "' leaves data/"};
        const fs::path file = path / relative;
        std::error_code ec;
        const fs::path real = fs::canonical(file, ec);
        if (ec) throw Refusal{where + ": " + what + " data/" + name + " does not exist"};
        const auto [end, _] = std::mismatch(canonical.begin(), canonical.end(), real.begin(), real.end());
        if (end != canonical.end()) throw Refusal{where + ": " + what + " data/" + name + " leads out of data/"};
        struct stat st {};
        if (stat(real.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            throw Refusal{where + ": " + what + " data/" + name + " is not a regular file"};
        return file;
    }
};

// A task's diffArguments, which LemonLime hands to diff as one argument: one that diff can only
// refuse (empty, or several options with spaces between) would score every output 0 there.
std::string diff_argument(const Json& task, const std::string& where) {
    const std::string arguments = text_field(task, "diffArguments", where);
    if (arguments.empty() || arguments.find_first_of(" \t\n") != std::string::npos || arguments.front() != '-')
        throw Refusal{where + ": \"diffArguments\" is " + quoted(arguments) +
                      ", which LemonLime hands to diff as one argument: diff refuses it, and every output "
                      "scores 0; give one option, such as \"--ignore-space-change\", or short ones joined, "
                      "such as \"-bB\""};
    return arguments;
}

// The checker lines of problem.yaml for a task's comparison mode.
std::string checker_lines(const Json& task, const std::string& where, const DataFolder& data,
                          const fs::path& problem_dir) {
    const auto mode = integer_field(task, "comparisonMode", where, 0, kTestlib);
    switch (mode) {
        case kLineByLine:
            return "checker: lemon-lines\n";
        case kIgnoreSpaces:
            return "checker: lemon-ignore-spaces\n";
        case kRealNumber:
            return "checker: lemon-real\nreal_precision: " +
                   std::to_string(integer_field(task, "realPrecision", where, 0, kLemonMaxRealPrecision)) + "\n";
        case kExternalTool:
            return "checker: lemon-diff\ndiff_arguments: " + quoted(diff_argument(task, where)) + "\n";
        default: {
            const std::string protocol = mode == kLemonJudge ? "lemon-special" : "lemon-message";
            const fs::path judge = data.file(text_field(task, "specialJudge", where), where, "special judge");
            if (access(judge.c_str(), X_OK) != 0)
                throw Refusal{where + ": special judge " + judge.string() +
                              " is not executable: LemonLime runs it as it is; make it executable (chmod +x)"};
            return "checker: " + quoted(relative_to(judge, problem_dir)) + "\nchecker_protocol: " + protocol + "\n";
        }
    }
}

// A test case's dependency, written "<k>_lemon_SUbtaskDEPENDENCE_fLAg" among its input files.
std::optional<int> dependency(const std::string& input, size_t case_index, const std::string& where) {
    const std::string mark = kDependencyMark;
    if (input.size() <= mark.size() || input.compare(input.size() - mark.size(), mark.size(), mark) != 0)
        return std::nullopt;
    const std::string number = input.substr(0, input.size() - mark.size());
    if (number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos || std::stoi(number) < 1 ||
        static_cast<size_t>(std::stoi(number)) > case_index)
        throw Refusal{where + ": dependency '" + input + "' names no earlier test case"};
    return std::stoi(number);
}

std::vector<std::string> file_list(const Json& testcase, const char* key, const std::string& where) {
    const Json& list = lemon::member(testcase, key, where);
    if (!list.is_array()) throw Refusal{where + ": \"" + key + "\" expects a list of file names"};
    std::vector<std::string> names;
    for (const auto& name : list) {
        if (!name.is_string()) throw Refusal{where + ": \"" + key + "\" holds " + name.dump() + ", not a file name"};
        names.push_back(name.get<std::string>());
    }
    return names;
}

// One test case: its group in problem.yaml, its tests appended to `tests`.
void import_test_case(const Json& testcase, size_t k, const std::string& where, const DataFolder& data,
                      const fs::path& problem_dir, std::ostringstream& tests, std::ostringstream& groups) {
    const std::int64_t score = integer_field(testcase, "fullScore", where, 0, plain_bounds::kPoints.max);
    const std::int64_t time_ms = integer_field(testcase, "timeLimit", where, kMinTimeLimitMs, kMaxTimeLimitMs);
    const std::int64_t memory = integer_field(testcase, "memoryLimit", where, 1, config_bounds::kMemoryLimitMib.max);
    std::vector<std::string> inputs, depends;
    for (const auto& input : file_list(testcase, "inputFiles", where)) {
        if (auto d = dependency(input, k, where))
            depends.push_back(quoted(std::to_string(*d)));
        else
            inputs.push_back(input);
    }
    const auto outputs = file_list(testcase, "outputFiles", where);
    if (inputs.size() != outputs.size() || inputs.empty())
        throw Refusal{where + ": " + std::to_string(inputs.size()) + " input file(s) but " +
                      std::to_string(outputs.size()) + " output file(s)"};
    groups << "  - name: \"" << k + 1 << "\"\n    points: " << score << "\n    tests: [";
    for (size_t j = 0; j < inputs.size(); ++j) {
        const std::string name = std::to_string(k + 1) + "-" + std::to_string(j + 1);
        tests << "  - name: \"" << name
              << "\"\n    input: " << quoted(relative_to(data.file(inputs[j], where, "input"), problem_dir))
              << "\n    answer: " << quoted(relative_to(data.file(outputs[j], where, "output"), problem_dir))
              << "\n    time_limit: " << static_cast<double>(time_ms) / 1000 << "\n    memory_limit: " << memory
              << "\n";
        groups << (j ? ", " : "") << "\"" << name << "\"";
    }
    groups << "]\n";
    if (!depends.empty()) {
        groups << "    depends: [";
        for (size_t i = 0; i < depends.size(); ++i) groups << (i ? ", " : "") << depends[i];
        groups << "]\n";
    }
}

struct ImportedTask {
    std::string name, yaml;
};

// Every refusal of one import, so that the host sees them all at once.
struct Refusals {
    std::vector<std::string> list;

    // Runs `step`; a Refusal it throws is listed, and false returned.
    template <typename Step>
    bool collect(Step&& step) {
        try {
            step();
            return true;
        } catch (const Refusal& r) {
            list.push_back(r.message);
            return false;
        }
    }
};

// The task's settings that change its points and have no mapping, each refused by name.
void refuse_unmapped_settings(const Json& task, const std::string& where, const std::string& name, Refusals& refusals) {
    refusals.collect([&] {
        const auto type = integer_field(task, "taskType", where, kTraditional, kCommunicationExec);
        if (type != kTraditional)
            throw Refusal{where + ": task type " + std::to_string(type) + " (" + kTaskTypeNames[type] +
                          ") cannot be graded here, only traditional tasks (type 0): grade it in LemonLime, "
                          "or remove the task from the .cdf to import the others"};
    });
    refusals.collect([&] {
        if (lemon::flag_field(task, "subFolderCheck", where))
            throw Refusal{where +
                          ": \"subFolderCheck\" is true: LemonLime reads the sources from source/<contestant>/" + name +
                          "/, this judge from source/<contestant>/: move each source/<contestant>/" + name + "/" +
                          name + ".* up one folder and set \"subFolderCheck\" to false"};
    });
    refusals.collect([&] {
        const auto it = task.find("compilerConfiguration");
        if (it == task.end()) return;
        if (!it->is_object())
            throw Refusal{where + ": \"compilerConfiguration\" expects an object of compiler names and settings"};
        for (const auto& [compiler, setting] : it->items())
            if (setting == "disable")
                throw Refusal{where + ": compiler " + quoted(compiler) +
                              " is set to \"disable\": LemonLime ignores this task's sources in its language, "
                              "and this judge has no language setting per task: remove those sources from "
                              "source/, or set the compiler to \"default\""};
    });
}

// problem.yaml's lines for the task's tests and groups, each test case refused on its own.
std::string test_lines(const Json& task, const std::string& where, const DataFolder& data, const fs::path& problem_dir,
                       Refusals& refusals) {
    const Json& cases = lemon::member(task, "testCases", where);
    if (!cases.is_array() || cases.empty()) throw Refusal{where + ": no test cases"};
    if (cases.size() > static_cast<size_t>(plain_bounds::kMaxTests))
        throw Refusal{where + ": more than " + std::to_string(plain_bounds::kMaxTests) + " test cases"};
    std::ostringstream tests, groups;
    const size_t refused_before = refusals.list.size();
    for (size_t k = 0; k < cases.size(); ++k)
        refusals.collect([&] {
            import_test_case(cases[k], k, where + ", test case " + std::to_string(k + 1), data, problem_dir, tests,
                             groups);
        });
    if (refusals.list.size() != refused_before) return {};
    // The problem's own limits are the first test case's (what the report shows); each test has its own.
    const Json& first = cases[0];
    std::ostringstream y;
    y << "time_limit: "
      << static_cast<double>(integer_field(first, "timeLimit", where, kMinTimeLimitMs, kMaxTimeLimitMs)) / 1000
      << "\nmemory_limit: " << integer_field(first, "memoryLimit", where, 1, config_bounds::kMemoryLimitMib.max)
      << "\n";
    y << "partial_points: lemon\nscoring: per-group\n";
    // LemonLime's watcher: user CPU time against the limit, the address space bounded by the memory limit.
    y << "cpu_clock: user\nmemory_rule: address-space\n";
    y << "tests:\n" << tests.str() << "groups:\n" << groups.str();
    return y.str();
}

// The task's problem.yaml, or nothing when something of it was refused (listed in `refusals`).
std::optional<ImportedTask> import_task(const Json& task, size_t index, const DataFolder& data, const fs::path& out_dir,
                                        Refusals& refusals) {
    std::string where = "task " + std::to_string(index + 1);
    const size_t refused_before = refusals.list.size();
    ImportedTask t;
    if (!refusals.collect([&] {
            t.name = text_field(task, "sourceFileName", where);
            if (auto why = box_file_name_problem(t.name); !why.empty())
                throw Refusal{where + ": sourceFileName '" + t.name + "' " + why};
        }))
        return std::nullopt;
    where += " (" + t.name + ")";
    refuse_unmapped_settings(task, where, t.name, refusals);
    const fs::path problem_dir = out_dir / t.name;
    std::ostringstream y;
    refusals.collect([&] {
        y << "# Imported from LemonLime by sudoku-judge import-lemon.\nname: " << t.name << "\n";
        y << "title: " << quoted(text_field(task, "problemTitle", where)) << "\n";
        for (auto [check, file, key, stdio] : {std::tuple{"standardInputCheck", "inputFileName", "input", "stdin"},
                                               std::tuple{"standardOutputCheck", "outputFileName", "output", "stdout"}})
            y << key << ": "
              << (lemon::flag_field(task, check, where) ? std::string(stdio) : quoted(text_field(task, file, where)))
              << "\n";
    });
    refusals.collect([&] { y << checker_lines(task, where, data, problem_dir); });
    refusals.collect([&] { y << test_lines(task, where, data, problem_dir, refusals); });
    if (refusals.list.size() != refused_before) return std::nullopt;
    t.yaml = y.str();
    return t;
}

std::vector<ImportedTask> import_tasks(const Json& root, const DataFolder& data, const fs::path& out,
                                       Refusals& refusals) {
    const Json& list = lemon::member(root, "tasks", "the contest");
    if (!list.is_array() || list.empty()) throw Refusal{"the contest has no tasks"};
    std::vector<ImportedTask> tasks;
    std::set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        auto task = import_task(list[i], i, data, out, refusals);
        if (!task) continue;
        if (!seen.insert(task->name).second) refusals.list.push_back("two tasks are named " + task->name);
        tasks.push_back(std::move(*task));
    }
    return tasks;
}

// LemonLime opens a .cdf of version 1.0, or of none (older files), and refuses any other.
void check_version(const Json& root) {
    const auto it = root.find("version");
    if (it == root.end() || *it == "1.0") return;
    throw Refusal{"the contest: \"version\" is " + it->dump() +
                  ", which LemonLime refuses to open (it opens 1.0, or a file without a version): save the "
                  "contest from the LemonLime that wrote it as version 1.0"};
}

// The refusals as one message: each on its own line when there are several.
std::string listed(const std::vector<std::string>& refusals) {
    if (refusals.size() == 1) return refusals[0];
    std::string text = std::to_string(refusals.size()) + " things cannot be imported (nothing was written):";
    for (const auto& r : refusals) text += "\n  - " + r;
    return text;
}

bool is_empty_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir, ec) && fs::is_empty(dir, ec);
}

// Writes the contest aside, checks that it loads, then renames it to `out`: all of it or nothing.
std::variant<fs::path, Diagnostic> write_aside_then_rename(const std::vector<ImportedTask>& tasks,
                                                           const std::string& contest_yaml, const fs::path& out,
                                                           const fs::path& cdf) {
    fs::path aside;
    std::error_code ec;
    try {
        fs::create_directories(out.parent_path());
        aside = aside_folder(out);
        for (const auto& t : tasks) {
            fs::create_directories(aside / t.name);
            write_file_durably(aside / t.name / kPlainProblemFile, t.yaml);
        }
        write_file_durably(aside / "CONTEST.yaml", contest_yaml);
        // What was written must load as it stands: the host grades it with no edits.
        auto loaded = load_contest(aside / "CONTEST.yaml");
        if (auto* d = std::get_if<Diagnostic>(&loaded)) {
            fs::remove_all(aside, ec);
            Diagnostic named = *d;  // named where the file would have been: the aside folder is gone
            if (named.file.rfind(aside.string(), 0) == 0)
                named.file = out.string() + named.file.substr(aside.string().size());
            return named;
        }
        if (fs::exists(out)) fs::remove(out);  // an empty folder only: checked before
        fs::rename(aside, out);
    } catch (const std::exception& e) {
        if (!aside.empty()) fs::remove_all(aside, ec);
        return Diagnostic{cdf.string(), 0, 0, std::string("cannot write the imported contest: ") + e.what()};
    }
    return out / "CONTEST.yaml";
}

}  // namespace

std::variant<fs::path, Diagnostic> import_lemon(const fs::path& cdf, const fs::path& out_dir) {
    const auto refused = [&](const std::string& m) { return Diagnostic{cdf.string(), 0, 0, m}; };
    auto read = lemon::read_cdf(cdf);
    if (auto* why = std::get_if<std::string>(&read)) return refused(*why);
    const Json& root = std::get<Json>(read);
    const fs::path lemon = fs::absolute(cdf).parent_path(), out = fs::absolute(out_dir).lexically_normal();
    if (out.filename().empty()) return refused("--out names no folder");
    if (fs::exists(out) && !is_empty_folder(out))
        return refused("--out " + out.string() + " exists and is not an empty folder: nothing is written over");
    std::error_code ec;
    const DataFolder data{lemon / "data", fs::canonical(lemon / "data", ec)};
    if (ec) return refused("no data/ folder beside the .cdf");
    std::vector<ImportedTask> tasks;
    std::string title;
    Refusals refusals;
    refusals.collect([&] { check_version(root); });
    refusals.collect([&] { title = text_field(root, "contestTitle", "the contest"); });
    refusals.collect([&] { tasks = import_tasks(root, data, out, refusals); });
    if (!refusals.list.empty()) return refused(listed(refusals.list));
    std::ostringstream contest;
    contest << "# Imported from LemonLime (" << quoted(cdf.filename().string()) << ") by sudoku-judge import-lemon.\n"
            << "name: " << quoted(title) << "\ncontestants: " << quoted(relative_to(lemon / "source", out))
            << "\nproblems:\n";
    for (const auto& t : tasks) contest << "  - folder: " << t.name << "\n";
    return write_aside_then_rename(tasks, contest.str(), out, cdf);
}

}  // namespace sudoku::judge
