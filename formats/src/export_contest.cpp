// A whole contest in another judge's format (sudoku/formats/export.hpp, export_contest): every
// problem through export_problem, as one problem alone would be written, and beside them the files
// the host's contest import reads. LemonLime alone keeps every problem in one file, contest.cdf.
#include "export_parts.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;
using export_parts::number_text;
using export_parts::yaml_string;

namespace {

// The problems' colours in label order, far apart for balloons; they repeat after the twelfth.
constexpr const char* kColours[] = {"#E6194B", "#3CB44B", "#FFE119", "#4363D8", "#F58231", "#911EB4",
                                    "#42D4F4", "#F032E6", "#BFEF45", "#FABED4", "#469990", "#9A6324"};

// A, B, ..., Z, AA, AB, ...: the labels a scoreboard shows.
std::string label_of(std::size_t index) {
    std::string label(1, static_cast<char>('A' + index % 26));
    return index < 26 ? label : label_of(index / 26 - 1) + label;
}

std::string title_of(const ExportProblem& p) { return p.problem.title.empty() ? p.problem.name : p.problem.title; }

// DOMjudge's contest.yaml: the keys its importer requires (name, short-name, start-time, duration).
std::string contest_yaml(const ExportContest& c) {
    return "name: " + yaml_string(c.name) + "\nshort-name: " + yaml_string(c.short_name) +
           "\nstart-time: " + yaml_string(c.start_time) + "\nduration: " + yaml_string(c.duration) + "\n";
}

// The problem set as DOMjudge's importer and the ICPC contest package read it: `id` the package's
// name (the zip's or folder's), `label` the scoreboard's letter, `rgb` (and `color`) its colour.
std::string problems_yaml(const ExportContest& c, const std::vector<std::string>& ids) {
    std::string yaml;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const char* colour = kColours[i % (sizeof kColours / sizeof *kColours)];
        yaml += "- id: " + yaml_string(ids[i]) + "\n  label: " + label_of(i) +
                "\n  name: " + yaml_string(title_of(c.problems[i])) + "\n  rgb: \"" + colour + "\"\n  color: \"" +
                colour + "\"\n  time_limit: " + number_text(c.problems[i].problem.limits.time_s) + "\n";
    }
    return yaml;
}

// CMS's italy_yaml contest.yaml: the tasks are the folders beside it, in this order.
std::string cms_contest_yaml(const ExportContest& c, const std::vector<std::string>& ids) {
    std::string yaml = "name: " + yaml_string(c.short_name) + "\ndescription: " + yaml_string(c.name) + "\ntasks:\n";
    for (const auto& id : ids) yaml += "  - " + yaml_string(id) + "\n";
    return yaml + "users: []\n";
}

// Every problem written by export_problem into `folder`; the zips of the hosts that import zips
// moved up beside the others and their folders left out. Returns the packages' names.
std::vector<std::string> write_problems(const ExportContest& c, ExportFormat format, const fs::path& folder,
                                        std::vector<std::string>& notes) {
    const bool zipped = format == ExportFormat::domjudge || format == ExportFormat::hydro;
    const fs::path packages = zipped ? folder / ".packages" : folder;
    fs::create_directories(packages);
    std::vector<std::string> ids;
    for (const auto& p : c.problems) {
        auto written = export_problem(p, format, packages);
        if (auto* d = std::get_if<Diagnostic>(&written)) throw export_parts::WriteError{*d};
        const auto& result = std::get<ExportResult>(written);
        const std::string id = result.directory.filename().string();
        ids.push_back(id);
        if (zipped) fs::rename(result.archive, folder / result.archive.filename());
        for (const auto& note : result.notes) notes.push_back(p.problem.name + ": " + note);
    }
    if (zipped) fs::remove_all(packages);
    return ids;
}

void write_contest(const ExportContest& c, ExportFormat format, const export_parts::PackageFolder& folder,
                   std::vector<std::string>& notes) {
    if (format == ExportFormat::lemon) {
        std::vector<const ExportProblem*> problems;
        for (const auto& p : c.problems) problems.push_back(&p);
        export_parts::write_lemon_contest(c.name, problems, folder, notes);
        return;
    }
    const auto ids = write_problems(c, format, folder.root(), notes);
    if (format == ExportFormat::kattis || format == ExportFormat::domjudge) {
        folder.text("contest.yaml", contest_yaml(c));
        folder.text("problems.yaml", problems_yaml(c, ids));
        notes.push_back("contest.yaml starts the contest at " + c.start_time + " for " + c.duration +
                        ": change start-time and duration there before importing it");
    } else if (format == ExportFormat::cms) {
        folder.text("contest.yaml", cms_contest_yaml(c, ids));
        notes.push_back("CMS's contest.yaml lists no users: add them there or in CMS before the contest");
    }
}

}  // namespace

std::variant<ContestExportResult, Diagnostic> export_contest(const ExportContest& contest, ExportFormat format,
                                                             const fs::path& out) {
    std::error_code ignored;
    if (fs::exists(out) && !(fs::is_directory(out) && fs::is_empty(out)))
        return Diagnostic{out.string(), 0, 0, "already exists and is not an empty folder: the export replaces nothing"};
    if (contest.problems.empty()) return Diagnostic{contest.source.string(), 0, 0, "the contest has no problem"};
    const fs::path scratch = out.parent_path() / ("." + out.filename().string() + ".export-partial");
    fs::remove_all(scratch, ignored);
    ContestExportResult result;
    try {
        fs::create_directories(scratch);
        write_contest(contest, format, export_parts::PackageFolder(scratch), result.notes);
        fs::remove(out, ignored);
        fs::rename(scratch, out);
    } catch (const export_parts::WriteError& error) {
        fs::remove_all(scratch, ignored);
        return error.diagnostic;
    } catch (const fs::filesystem_error& error) {
        fs::remove_all(scratch, ignored);
        return Diagnostic{error.path1().string(), 0, 0, error.what()};
    }
    result.directory = out;
    return result;
}

}  // namespace sudoku::formats
