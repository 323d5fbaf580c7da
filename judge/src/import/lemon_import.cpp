// import_lemon: see sudoku/lemon_import.hpp. The .cdf's field names are LemonLime's; what they
// mean was read in its src/core/{contest,task,testcase}.cpp (nothing of it is copied).
#include "sudoku/lemon_import.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "sudoku/config_paths.hpp"
#include "sudoku/contest.hpp"
#include "sudoku/durable_file.hpp"
#include "sudoku/formats.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// LemonLime's enums, by their numbers in the .cdf.
enum LemonTaskType { kTraditional = 0 };
enum LemonComparison {
    kLineByLine = 0,
    kIgnoreSpaces = 1,
    kExternalTool = 2,
    kRealNumber = 3,
    kLemonJudge = 4,
    kTestlib = 5
};
constexpr const char* kDependencyMark = "_lemon_SUbtaskDEPENDENCE_fLAg";

// A refusal: the .cdf, and what cannot be mapped.
struct Refusal {
    std::string message;
};

// A YAML scalar written as a JSON string (JSON's escapes are YAML's double-quoted ones).
std::string quoted(const std::string& text) { return Json(text).dump(-1, ' ', true); }

std::string shown_number(double x) {
    std::ostringstream s;
    s.precision(12);
    s << x;
    return s.str();
}

template <class T>
T field(const Json& object, const char* key, const std::string& where) {
    if (!object.is_object() || !object.contains(key)) throw Refusal{where + ": no \"" + key + "\""};
    try {
        return object.at(key).get<T>();
    } catch (const Json::exception&) {
        throw Refusal{where + ": \"" + key + "\" has the wrong type"};
    }
}

// `path` relative to `base`, both absolute, for a YAML file in `base`.
std::string relative_to(const fs::path& path, const fs::path& base) {
    return fs::weakly_canonical(path).lexically_relative(fs::weakly_canonical(base)).string();
}

struct LemonTest {
    std::string name;
    fs::path folder;  // under data/
};

// One test case's files: NAME.in with NAME.ans or NAME.out, all in one folder of the task.
std::vector<LemonTest> test_files(const Json& testcase, const std::string& where, std::vector<int>& depends) {
    const auto inputs = field<std::vector<std::string>>(testcase, "inputFiles", where);
    const auto outputs = field<std::vector<std::string>>(testcase, "outputFiles", where);
    std::vector<std::string> files;
    for (const auto& input : inputs) {
        const size_t mark = input.find(kDependencyMark);
        if (mark != std::string::npos && mark + std::string(kDependencyMark).size() == input.size()) {
            try {
                depends.push_back(std::stoi(input.substr(0, mark)));
            } catch (const std::exception&) {
                throw Refusal{where + ": dependency '" + input + "' names no test case"};
            }
        } else {
            files.push_back(input);
        }
    }
    if (files.size() != outputs.size() || files.empty())
        throw Refusal{where + ": " + std::to_string(files.size()) + " input file(s) but " +
                      std::to_string(outputs.size()) + " output file(s)"};
    std::vector<LemonTest> tests;
    for (size_t i = 0; i < files.size(); ++i) {
        const fs::path in(files[i]), out(outputs[i]);
        const std::string stem = in.stem().string();
        if (in.extension() != ".in" || in.is_absolute() || !box_file_name_problem(stem).empty())
            throw Refusal{where + ": input '" + files[i] + "' is not NAME.in under data/ (cannot be mapped)"};
        if (out.parent_path() != in.parent_path() || out.stem() != in.stem() ||
            (out.extension() != ".ans" && out.extension() != ".out"))
            throw Refusal{where + ": output '" + outputs[i] + "' is not " + stem + ".ans or " + stem +
                          ".out beside its input (cannot be mapped)"};
        for (const auto& part : in.parent_path())
            if (part == "..") throw Refusal{where + ": '" + files[i] + "' leaves data/"};
        tests.push_back({stem, in.parent_path()});
    }
    return tests;
}

// The .in files of a folder, to find those the .cdf does not list (they would be graded here).
std::set<std::string> in_files(const fs::path& folder) {
    std::set<std::string> names;
    DIR* d = opendir(folder.c_str());
    if (!d) return names;
    for (dirent* e; (e = readdir(d));) {
        const std::string n = e->d_name;
        if (n.size() > 3 && n.compare(n.size() - 3, 3, ".in") == 0) names.insert(n.substr(0, n.size() - 3));
    }
    closedir(d);
    return names;
}

struct ImportedTask {
    std::string name, yaml;
};

std::string checker_lines(const Json& task, const std::string& where, const fs::path& data,
                          const fs::path& problem_dir) {
    const int mode = field<int>(task, "comparisonMode", where);
    switch (mode) {
        case kLineByLine:
            return "checker: lines\n";
        case kIgnoreSpaces:
            return "checker: tokens\n";
        case kRealNumber: {
            const int digits = field<int>(task, "realPrecision", where);
            if (digits < 0 || digits > 30)
                throw Refusal{where + ": realPrecision " + std::to_string(digits) + " out of 0..30"};
            return "checker: float\nfloat: {absolute: " + shown_number(std::pow(10.0, -digits)) + ", relative: 0}\n";
        }
        case kTestlib: {
            const auto judge = field<std::string>(task, "specialJudge", where);
            if (judge.empty()) throw Refusal{where + ": testlib special judge without a \"specialJudge\""};
            return "checker: " + quoted(relative_to(data / judge, problem_dir)) + "\n";
        }
        case kExternalTool:
            throw Refusal{where + ": comparison mode 2 (external diff tool) cannot be mapped"};
        case kLemonJudge:
            throw Refusal{where + ": comparison mode 4 (Lemon's own special-judge protocol) cannot be mapped"};
        default:
            throw Refusal{where + ": unknown comparison mode " + std::to_string(mode)};
    }
}

ImportedTask import_task(const Json& task, size_t index, const fs::path& data, const fs::path& out_dir) {
    std::string where = "task " + std::to_string(index + 1);
    ImportedTask t;
    t.name = field<std::string>(task, "sourceFileName", where);
    if (auto why = box_file_name_problem(t.name); !why.empty())
        throw Refusal{where + ": sourceFileName '" + t.name + "' " + why};
    where += " (" + t.name + ")";
    const int type = field<int>(task, "taskType", where);
    if (type != kTraditional)
        throw Refusal{where + ": task type " + std::to_string(type) + " is not traditional (cannot be mapped)"};
    const fs::path problem_dir = out_dir / t.name;
    std::ostringstream y;
    y << "# Imported from LemonLime by sudoku-judge import-lemon.\nname: " << t.name << "\n";
    y << "title: " << quoted(field<std::string>(task, "problemTitle", where)) << "\n";
    for (auto [check, file, key, stdio] : {std::tuple{"standardInputCheck", "inputFileName", "input", "stdin"},
                                           std::tuple{"standardOutputCheck", "outputFileName", "output", "stdout"}})
        y << key << ": "
          << (field<bool>(task, check, where) ? std::string(stdio) : quoted(field<std::string>(task, file, where)))
          << "\n";
    y << checker_lines(task, where, data, problem_dir);

    const auto cases = field<Json>(task, "testCases", where);
    if (!cases.is_array() || cases.empty()) throw Refusal{where + ": no test cases"};
    std::optional<double> time_ms, memory_mib;
    std::optional<fs::path> folder;
    std::set<std::string> names;
    std::ostringstream groups;
    for (size_t k = 0; k < cases.size(); ++k) {
        const std::string at = where + ", test case " + std::to_string(k + 1);
        const double time = field<double>(cases[k], "timeLimit", at),
                     memory = field<double>(cases[k], "memoryLimit", at);
        if (time_ms && (*time_ms != time || *memory_mib != memory))
            throw Refusal{at + ": its limits (" + shown_number(time) + " ms, " + shown_number(memory) +
                          " MiB) differ from the first test case's; one limit per problem here (cannot be mapped)"};
        time_ms = time;
        memory_mib = memory;
        std::vector<int> depends;
        const auto tests = test_files(cases[k], at, depends);
        groups << "  - name: \"" << k + 1
               << "\"\n    points: " << shown_number(field<double>(cases[k], "fullScore", at)) << "\n    tests: [";
        for (size_t i = 0; i < tests.size(); ++i) {
            if (folder && *folder != tests[i].folder)
                throw Refusal{at + ": test " + tests[i].name + " is in data/" + tests[i].folder.string() +
                              ", the task's other tests in data/" + folder->string() + " (cannot be mapped)"};
            folder = tests[i].folder;
            if (!names.insert(tests[i].name).second) throw Refusal{at + ": test " + tests[i].name + " is listed twice"};
            groups << (i ? ", " : "") << quoted(tests[i].name);
        }
        groups << "]\n";
        if (!depends.empty()) {
            groups << "    depends: [";
            for (size_t i = 0; i < depends.size(); ++i) {
                if (depends[i] < 1 || static_cast<size_t>(depends[i]) > k)
                    throw Refusal{at + ": depends on test case " + std::to_string(depends[i]) +
                                  ", not an earlier one (cannot be mapped)"};
                groups << (i ? ", " : "") << "\"" << depends[i] << "\"";
            }
            groups << "]\n";
        }
    }
    for (const auto& present : in_files(data / *folder))
        if (!names.count(present))
            throw Refusal{where + ": data/" + (*folder / (present + ".in")).string() +
                          " is not a test of the task in the .cdf; here every NAME.in of the folder is a test"};
    y << "time_limit: " << shown_number(*time_ms / 1000) << "\nmemory_limit: " << std::llround(*memory_mib) << "\n";
    y << "tests_folder: " << quoted(relative_to(data / *folder, problem_dir)) << "\n";
    y << "scoring: per-group\ngroups:\n" << groups.str();
    t.yaml = y.str();
    return t;
}

}  // namespace

std::variant<fs::path, Diagnostic> import_lemon(const fs::path& cdf, const fs::path& out_dir) {
    const auto refused = [&](const std::string& m) { return Diagnostic{cdf.string(), 0, 0, m}; };
    auto text = read_text_file(cdf);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    const Json root = Json::parse(std::get<std::string>(text), nullptr, false);
    if (root.is_discarded() || !root.is_object()) return refused("not a LemonLime contest (.cdf JSON) file");
    const fs::path lemon = fs::absolute(cdf).parent_path(), out = fs::absolute(out_dir);
    std::vector<ImportedTask> tasks;
    std::string title;
    try {
        title = field<std::string>(root, "contestTitle", "the contest");
        const auto list = field<Json>(root, "tasks", "the contest");
        if (!list.is_array() || list.empty()) throw Refusal{"the contest has no tasks"};
        std::set<std::string> seen;
        for (size_t i = 0; i < list.size(); ++i) {
            tasks.push_back(import_task(list[i], i, lemon / "data", out));
            if (!seen.insert(tasks.back().name).second) throw Refusal{"two tasks are named " + tasks.back().name};
        }
    } catch (const Refusal& r) {
        return refused(r.message);
    }
    std::ostringstream contest;
    contest << "# Imported from LemonLime (" << quoted(cdf.filename().string()) << ") by sudoku-judge import-lemon.\n"
            << "name: " << quoted(title) << "\ncontestants: " << quoted(relative_to(lemon / "source", out))
            << "\nproblems:\n";
    for (const auto& t : tasks) contest << "  - folder: " << t.name << "\n";
    try {
        for (const auto& t : tasks) {
            fs::create_directories(out / t.name);
            write_file_durably(out / t.name / "problem.yaml", t.yaml);
        }
        write_file_durably(out / "CONTEST.yaml", contest.str());
    } catch (const std::exception& e) {
        return refused(std::string("cannot write the imported contest: ") + e.what());
    }
    // What was written must load as it stands: the host grades it with no edits.
    auto loaded = load_contest(out / "CONTEST.yaml");
    if (auto* d = std::get_if<Diagnostic>(&loaded)) return *d;
    return out / "CONTEST.yaml";
}

}  // namespace sudoku::judge
