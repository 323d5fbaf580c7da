// The writers' shared parts (export_parts.hpp) and the one entry point, export_problem.
#include <cmath>
#include <cstdio>
#include <fstream>

#include "export_parts.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;

namespace export_parts {

void PackageFolder::text(const fs::path& relative, std::string_view content) const {
    const fs::path file = root_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) throw WriteError{Diagnostic{file.string(), 0, 0, "cannot write the file"}};
}

void PackageFolder::copy(const fs::path& relative, const fs::path& from) const {
    const fs::path file = root_ / relative;
    fs::create_directories(file.parent_path());
    std::error_code error;
    fs::copy_file(from, file, fs::copy_options::none, error);
    if (error)
        throw WriteError{
            Diagnostic{from.string(), 0, 0, "cannot copy the test file to " + file.string() + ": " + error.message()}};
}

std::string yaml_string(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", u);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::vector<const problem::Test*> sample_tests(const problem::Problem& problem) {
    std::vector<const problem::Test*> samples;
    for (const auto& test : problem.tests)
        if (test.sample) samples.push_back(&test);
    return samples;
}

std::vector<ScoredGroup> scored_groups(const problem::Problem& problem) {
    std::vector<ScoredGroup> groups;
    for (const auto& group : problem.groups) {
        if (group.parent != "secret") continue;
        ScoredGroup scored;
        scored.name = group.name.substr(group.name.rfind('/') + 1);
        scored.all_or_nothing = group.aggregation == problem::Aggregation::pass_fail;
        scored.points = scored.all_or_nothing ? group.max_score.value_or(0) : group.accept_score;
        for (const auto& test : problem.tests)
            if (test.group == group.name) scored.tests.push_back(&test);
        groups.push_back(std::move(scored));
    }
    for (const auto& test : problem.tests) {
        if (test.sample) continue;
        const problem::Group* group = find_group(problem, test.group);
        if (!group || group->parent != "secret")
            throw WriteError{Diagnostic{problem.source.string(), 0, 0,
                                        "test " + test.name + " is in '" + test.group +
                                            "', not a group secret/<name>: the writers map one level of groups"}};
    }
    return groups;
}

std::string standard_io_note(const problem::Problem& problem, std::string_view format) {
    return std::string(format) + " has no file I/O: the problem reads " + problem.io.input + " and writes " +
           problem.io.output + " in its own config, and is exported as a standard-I/O problem";
}

}  // namespace export_parts

ExportResult write_kattis(const ExportProblem& problem, const export_parts::PackageFolder& folder,
                          KattisExportVersion version);
ExportResult write_domjudge(const ExportProblem& problem, const export_parts::PackageFolder& folder);
ExportResult write_lemon(const ExportProblem& problem, const export_parts::PackageFolder& folder);
ExportResult write_hydro(const ExportProblem& problem, const export_parts::PackageFolder& folder);
ExportResult write_cms(const ExportProblem& problem, const export_parts::PackageFolder& folder);

ExportResult write_format(const ExportProblem& problem, ExportFormat format, const ExportOptions& options,
                          const export_parts::PackageFolder& folder) {
    switch (format) {
        case ExportFormat::kattis:
            return write_kattis(problem, folder, options.kattis);
        case ExportFormat::domjudge:
            return write_domjudge(problem, folder);
        case ExportFormat::hydro:
            return write_hydro(problem, folder);
        case ExportFormat::lemon:
            return write_lemon(problem, folder);
        case ExportFormat::cms:
            return write_cms(problem, folder);
    }
    throw export_parts::WriteError{Diagnostic{folder.root().string(), 0, 0, "unknown export format"}};
}

// The package's folder name: Kattis and DOMjudge take a short name of [a-z0-9] only.
std::string package_name(const problem::Problem& problem, ExportFormat format, std::vector<std::string>& notes) {
    if (format != ExportFormat::kattis && format != ExportFormat::domjudge) return problem.name;
    std::string name;
    for (char c : problem.name)
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            name += c;
        else if (c >= 'A' && c <= 'Z')
            name += static_cast<char>(c - 'A' + 'a');
    if (name != problem.name)
        notes.push_back("the package is named " + name + ": Kattis short names are [a-z0-9]+, not '" + problem.name +
                        "'");
    return name;
}

// Written into a scratch folder beside the target and renamed at the end: a failed export leaves
// nothing that looks like a package.
std::variant<ExportResult, Diagnostic> export_problem(const ExportProblem& problem, ExportFormat format,
                                                      const fs::path& out, const ExportOptions& options) {
    std::vector<std::string> notes;
    const std::string name = package_name(problem.problem, format, notes);
    if (name.empty())
        return Diagnostic{problem.problem.source.string(), 0, 0, "the problem's name has no letter or digit"};
    const fs::path dir = out / name;
    if (problem.any_valid.empty() && problem.problem.checker.kind == problem::CheckerKind::program)
        return Diagnostic{problem.problem.checker.program.path.string(), 0, 0,
                          "a checker program of the problem's own is not exported: the host's default comparison "
                          "would judge in its place"};
    if (fs::exists(dir)) return Diagnostic{dir.string(), 0, 0, "already exists: the export replaces nothing"};
    const bool zipped = format == ExportFormat::domjudge || format == ExportFormat::hydro;
    const fs::path zip = out / (name + ".zip");
    if (zipped && fs::exists(zip)) return Diagnostic{zip.string(), 0, 0, "already exists: the export replaces nothing"};
    const fs::path scratch = out / ("." + name + ".export-partial");
    std::error_code ignored;
    fs::remove_all(scratch, ignored);
    try {
        ExportResult result = write_format(problem, format, options, export_parts::PackageFolder(scratch));
        if (problem.any_valid.empty() && problem.problem.checker.kind != problem::CheckerKind::tokens)
            result.notes.push_back(std::string("the problem's '") +
                                   std::string(to_string(problem.problem.checker.kind)) +
                                   "' comparison is the host's default there, which compares tokens");
        // The zip is made from the finished folder and renamed into place after it: a zip beside
        // the folder always holds exactly the folder.
        if (zipped) export_parts::zip_folder(scratch, out / ("." + name + ".zip.export-partial"));
        fs::rename(scratch, dir);
        result.directory = dir;
        if (zipped) {
            fs::rename(out / ("." + name + ".zip.export-partial"), zip);
            result.archive = zip;
        }
        result.notes.insert(result.notes.begin(), notes.begin(), notes.end());
        result.notes.insert(result.notes.end(), problem.problem.notes.begin(), problem.problem.notes.end());
        return result;
    } catch (const export_parts::WriteError& error) {
        fs::remove_all(scratch, ignored);
        fs::remove(out / ("." + name + ".zip.export-partial"), ignored);
        return error.diagnostic;
    } catch (const fs::filesystem_error& error) {
        fs::remove_all(scratch, ignored);
        fs::remove(out / ("." + name + ".zip.export-partial"), ignored);
        return Diagnostic{error.path1().string(), 0, 0, error.what()};
    }
}

}  // namespace sudoku::formats
