// import_lemon: see sudoku/judge/import/lemon_import.hpp. The tasks are read into the problem model by
// sudoku/formats/lemon.hpp and written by the package import's own writer (problem_yaml_writer.hpp).
#include "sudoku/judge/import/lemon_import.hpp"

#include <sstream>

#include "aside_folder.hpp"
#include "problem_yaml_writer.hpp"
#include "sudoku/formats/lemon.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/judge/files/durable_file.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
namespace lemon = formats::lemon;
using lemon::Json;

// What the reader lets through, problem.yaml must hold.
static_assert(lemon::kMaxRealPrecision == kLemonMaxRealPrecision);
static_assert(static_cast<double>(lemon::kMaxFullScore) == plain_bounds::kPoints.max);
static_assert(lemon::kMaxTestCases <= static_cast<size_t>(plain_bounds::kMaxTests));

namespace {

// A YAML scalar written as a JSON string (JSON's escapes are YAML's double-quoted ones).
std::string quoted(const std::string& text) { return Json(text).dump(-1, ' ', true); }

// `path` relative to `base`, both absolute, for a YAML file in `base`.
std::string relative_to(const fs::path& path, const fs::path& base) {
    return fs::weakly_canonical(path).lexically_relative(fs::weakly_canonical(base)).string();
}

struct ImportedTask {
    std::string name, yaml;
};

// Each task's problem.yaml, as it will lie in `out`/<task>; what the writer cannot say is refused.
std::vector<ImportedTask> written_tasks(const lemon::Contest& contest, const fs::path& out,
                                        std::vector<std::string>& refusals) {
    std::vector<ImportedTask> tasks;
    for (const auto& task : contest.tasks) {
        // Canonical, as the reader's files are: the relative paths then hold through links.
        const fs::path dir = fs::weakly_canonical(out / task.name);
        const fs::path checker = task.checker.kind == problem::CheckerKind::program
                                     ? fs::path(relative_to(task.checker.program.path, dir))
                                     : fs::path();
        auto written = write_problem_yaml(task, dir, checker);
        for (const auto& why : written.refusals) refusals.push_back("task " + task.name + ": " + why);
        tasks.push_back({task.name, std::move(written.yaml)});
    }
    return tasks;
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
    const fs::path folder = fs::absolute(cdf).parent_path(), out = fs::absolute(out_dir).lexically_normal();
    if (out.filename().empty()) return refused("--out names no folder");
    if (fs::exists(out) && !is_empty_folder(out))
        return refused("--out " + out.string() + " exists and is not an empty folder: nothing is written over");
    auto contest = lemon::read_contest(root, folder);
    if (auto* refusals = std::get_if<std::vector<std::string>>(&contest)) return refused(listed(*refusals));
    std::vector<std::string> refusals;
    const auto tasks = written_tasks(std::get<lemon::Contest>(contest), out, refusals);
    if (!refusals.empty()) return refused(listed(refusals));
    const std::string& title = std::get<lemon::Contest>(contest).title;
    std::ostringstream contest_yaml;
    contest_yaml << "# Imported from LemonLime (" << quoted(cdf.filename().string())
                 << ") by sudoku-judge import-lemon.\n"
                 << "name: " << quoted(title) << "\ncontestants: " << quoted(relative_to(folder / "source", out))
                 << "\nproblems:\n";
    for (const auto& t : tasks) contest_yaml << "  - folder: " << t.name << "\n";
    return write_aside_then_rename(tasks, contest_yaml.str(), out, cdf);
}

}  // namespace sudoku::judge
