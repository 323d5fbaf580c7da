// A LemonLime contest into the model (sudoku/formats/lemon.hpp). The .cdf's field names are
// LemonLime's; what they mean was read in its src/core/{contest,task,testcase}.cpp and how it judges
// and scores in judgingthread.cpp and taskjudger.cpp (nothing of it is copied).
#include "sudoku/formats/lemon.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <set>

#include "sudoku/common/config_paths.hpp"
#include "sudoku/problem/problem_config.hpp"

namespace sudoku::formats::lemon {

namespace fs = std::filesystem;
using problem::CheckerKind;
using problem::CheckerProtocol;
using problem::Problem;

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
static_assert(kMinTimeLimitMs == static_cast<std::int64_t>(config_bounds::kTimeLimitS.min * 1000));

// A string as JSON writes it, for a message that quotes the .cdf.
std::string quoted(const std::string& text) { return Json(text).dump(-1, ' ', true); }

// The LemonLime folder's data/, where every file a task names must lie.
struct DataFolder {
    fs::path path;       // absolute, as the contest names it
    fs::path canonical;  // with links resolved, to check that a file stays inside

    // `name` (relative to data/, as LemonLime joins it) as a regular file inside data/, with its
    // links resolved (what the judge will open), or a Refusal.
    fs::path file(const std::string& name, const std::string& where, const char* what) const {
        const fs::path relative(name);
        if (name.empty() || relative.is_absolute())
            throw Refusal{where + ": " + what + " '" + name + "' is not a file inside data/"};
        for (const auto& part : relative)
            if (part == "..") throw Refusal{where + ": " + what + " '" + name + "' leaves data/"};
        std::error_code ec;
        const fs::path real = fs::canonical(path / relative, ec);
        if (ec) throw Refusal{where + ": " + what + " data/" + name + " does not exist"};
        const auto [end, _] = std::mismatch(canonical.begin(), canonical.end(), real.begin(), real.end());
        if (end != canonical.end()) throw Refusal{where + ": " + what + " data/" + name + " leads out of data/"};
        struct stat st {};
        if (stat(real.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            throw Refusal{where + ": " + what + " data/" + name + " is not a regular file"};
        return real;
    }
};

// Every refusal of one .cdf, so that the host sees them all at once.
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

// The task's comparison mode as the model's checker.
problem::Checker checker_of(const Json& task, const std::string& where, const DataFolder& data) {
    problem::Checker checker;
    switch (integer_field(task, "comparisonMode", where, 0, kTestlib)) {
        case kLineByLine:
            checker.kind = CheckerKind::lemon_lines;
            return checker;
        case kIgnoreSpaces:
            checker.kind = CheckerKind::lemon_ignore_spaces;
            return checker;
        case kRealNumber:
            checker.kind = CheckerKind::lemon_real;
            checker.real_precision =
                static_cast<int>(integer_field(task, "realPrecision", where, 0, kMaxRealPrecision));
            return checker;
        case kExternalTool:
            checker.kind = CheckerKind::lemon_diff;
            checker.arguments = {diff_argument(task, where)};
            return checker;
        case kLemonJudge:
            checker.protocol = CheckerProtocol::lemon_special;
            break;
        default:
            checker.protocol = CheckerProtocol::lemon_message;
            break;
    }
    checker.kind = CheckerKind::program;
    checker.program.path = data.file(text_field(task, "specialJudge", where), where, "special judge");
    if (access(checker.program.path.c_str(), X_OK) != 0)
        throw Refusal{where + ": special judge " + checker.program.path.string() +
                      " is not executable: LemonLime runs it as it is; make it executable (chmod +x)"};
    return checker;
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
    const Json& list = member(testcase, key, where);
    if (!list.is_array()) throw Refusal{where + ": \"" + key + "\" expects a list of file names"};
    std::vector<std::string> names;
    for (const auto& name : list) {
        if (!name.is_string()) throw Refusal{where + ": \"" + key + "\" holds " + name.dump() + ", not a file name"};
        names.push_back(name.get<std::string>());
    }
    return names;
}

std::int64_t time_limit_ms(const Json& testcase, const std::string& where) {
    return integer_field(testcase, "timeLimit", where, kMinTimeLimitMs, kMaxTimeLimitMs);
}
std::int64_t memory_limit_mib(const Json& testcase, const std::string& where) {
    return integer_field(testcase, "memoryLimit", where, 1, config_bounds::kMemoryLimitMib.max);
}

// Test case k (from 0): its group, named k + 1, and its tests, appended to the problem.
void add_test_case(const Json& testcase, size_t k, const std::string& where, const DataFolder& data, Problem& p) {
    problem::Group group;
    group.name = std::to_string(k + 1);
    group.parent = "data";
    group.aggregation = problem::Aggregation::min;
    group.accept_score = static_cast<double>(integer_field(testcase, "fullScore", where, 0, kMaxFullScore));
    const double time_s = static_cast<double>(time_limit_ms(testcase, where)) / 1000;
    const std::int64_t memory = memory_limit_mib(testcase, where);
    std::vector<std::string> inputs;
    for (const auto& input : file_list(testcase, "inputFiles", where)) {
        if (auto d = dependency(input, k, where))
            group.require_pass.push_back(std::to_string(*d));
        else
            inputs.push_back(input);
    }
    const auto outputs = file_list(testcase, "outputFiles", where);
    if (inputs.size() != outputs.size() || inputs.empty())
        throw Refusal{where + ": " + std::to_string(inputs.size()) + " input file(s) but " +
                      std::to_string(outputs.size()) + " output file(s)"};
    std::vector<problem::Test> tests;
    for (size_t j = 0; j < inputs.size(); ++j) {
        problem::Test t;
        t.name = group.name + "-" + std::to_string(j + 1);
        t.group = group.name;
        t.input = data.file(inputs[j], where, "input");
        t.answer = data.file(outputs[j], where, "output");
        t.time_s = time_s;
        t.memory_mib = memory;
        tests.push_back(std::move(t));
    }
    p.groups.push_back(std::move(group));
    p.tests.insert(p.tests.end(), tests.begin(), tests.end());
}

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
        if (flag_field(task, "subFolderCheck", where))
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

// The task's tests and groups, each test case refused on its own.
void add_tests(const Json& task, const std::string& where, const DataFolder& data, Problem& p, Refusals& refusals) {
    const Json& cases = member(task, "testCases", where);
    if (!cases.is_array() || cases.empty()) throw Refusal{where + ": no test cases"};
    if (cases.size() > kMaxTestCases)
        throw Refusal{where + ": more than " + std::to_string(kMaxTestCases) + " test cases"};
    problem::Group root;
    root.name = "data";
    p.groups = {root};
    const size_t refused_before = refusals.list.size();
    for (size_t k = 0; k < cases.size(); ++k)
        refusals.collect([&] { add_test_case(cases[k], k, where + ", test case " + std::to_string(k + 1), data, p); });
    if (refusals.list.size() != refused_before) return;
    // The problem's own limits are the first test case's (what the report shows); each test has its own.
    p.limits.time_s = static_cast<double>(time_limit_ms(cases[0], where)) / 1000;
    p.limits.memory_mib = memory_limit_mib(cases[0], where);
}

Problem task_frame(const fs::path& folder) {
    Problem p;
    p.format = problem::PackageFormat::lemon;
    p.source = folder;
    p.type = problem::ProblemType::scoring;
    p.partial_points = problem::PartialPoints::whole;
    // LemonLime's watcher: user CPU time against the limit, the address space bounded by the memory limit.
    p.limits.cpu_clock = problem::CpuClock::user;
    p.limits.memory_rule = problem::MemoryRule::address_space;
    return p;
}

// The task as a problem, or nothing when something of it was refused (listed in `refusals`).
std::optional<Problem> read_task(const Json& task, size_t index, const DataFolder& data, const fs::path& folder,
                                 Refusals& refusals) {
    std::string where = "task " + std::to_string(index + 1);
    const size_t refused_before = refusals.list.size();
    Problem p = task_frame(folder);
    if (!refusals.collect([&] {
            p.name = text_field(task, "sourceFileName", where);
            if (auto why = box_file_name_problem(p.name); !why.empty())
                throw Refusal{where + ": sourceFileName '" + p.name + "' " + why};
        }))
        return std::nullopt;
    where += " (" + p.name + ")";
    refuse_unmapped_settings(task, where, p.name, refusals);
    refusals.collect([&] {
        p.title = text_field(task, "problemTitle", where);
        if (!flag_field(task, "standardInputCheck", where)) p.io.input = text_field(task, "inputFileName", where);
        if (!flag_field(task, "standardOutputCheck", where)) p.io.output = text_field(task, "outputFileName", where);
    });
    refusals.collect([&] { p.checker = checker_of(task, where, data); });
    refusals.collect([&] { add_tests(task, where, data, p, refusals); });
    if (refusals.list.size() != refused_before) return std::nullopt;
    return p;
}

// LemonLime opens a .cdf of version 1.0, or of none (older files), and refuses any other.
void check_version(const Json& root) {
    const auto it = root.find("version");
    if (it == root.end() || *it == "1.0") return;
    throw Refusal{"the contest: \"version\" is " + it->dump() +
                  ", which LemonLime refuses to open (it opens 1.0, or a file without a version): save the "
                  "contest from the LemonLime that wrote it as version 1.0"};
}

void read_tasks(const Json& root, const DataFolder& data, Contest& contest, Refusals& refusals) {
    const Json& list = member(root, "tasks", "the contest");
    if (!list.is_array() || list.empty()) throw Refusal{"the contest has no tasks"};
    std::set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        auto task = read_task(list[i], i, data, contest.folder, refusals);
        if (!task) continue;
        if (!seen.insert(task->name).second) refusals.list.push_back("two tasks are named " + task->name);
        contest.tasks.push_back(std::move(*task));
    }
}

}  // namespace

std::variant<Contest, std::vector<std::string>> read_contest(const Json& root, const fs::path& folder) {
    Contest contest;
    contest.folder = fs::absolute(folder);
    std::error_code ec;
    const DataFolder data{contest.folder / "data", fs::canonical(contest.folder / "data", ec)};
    if (ec) return std::vector<std::string>{"no data/ folder beside the .cdf"};
    Refusals refusals;
    refusals.collect([&] { check_version(root); });
    refusals.collect([&] { contest.title = text_field(root, "contestTitle", "the contest"); });
    refusals.collect([&] { read_tasks(root, data, contest, refusals); });
    if (!refusals.list.empty()) return refusals.list;
    return contest;
}

}  // namespace sudoku::formats::lemon
