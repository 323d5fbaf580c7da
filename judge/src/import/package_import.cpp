// `sudoku-judge import`: a package of another judge as a contest folder (sudoku/judge/import/package_import.hpp).
#include "sudoku/judge/import/package_import.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <stdexcept>

#include "aside_folder.hpp"
#include "package_parts.hpp"
#include "problem_yaml_writer.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/formats/domjudge.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/formats/polygon.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/lemon_import.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
using problem::PackageFormat;
using problem::Problem;

namespace {

using Refusals = std::vector<Diagnostic>;

Refusals one(const fs::path& file, const std::string& message) { return {Diagnostic{file.string(), 0, 0, message}}; }

std::variant<Problem, Refusals> read_package(const fs::path& source, PackageFormat format) {
    switch (format) {
        case PackageFormat::kattis: {
            auto read = formats::read_kattis(source);
            if (auto* refusals = std::get_if<Refusals>(&read)) return *refusals;
            return std::get<Problem>(std::move(read));
        }
        case PackageFormat::domjudge: {
            auto read = formats::read_domjudge(source);
            if (auto* refusals = std::get_if<Refusals>(&read)) return *refusals;
            return std::get<Problem>(std::move(read));
        }
        case PackageFormat::polygon: {
            auto read = formats::read_polygon(source);
            if (auto* refusals = std::get_if<Refusals>(&read)) return *refusals;
            return std::get<Problem>(std::move(read));
        }
        default:
            return one(source, "reading a " + std::string(to_string(format)) + " package is not supported yet");
    }
}

// The package read; a zip unpacked first into aside/package/ (kept: its tests are read there).
std::variant<Problem, Refusals> read_source(const fs::path& source, PackageFormat format, const fs::path& aside) {
    std::error_code ec;
    if (!(fs::is_regular_file(source, ec) && source.extension() == ".zip")) return read_package(source, format);
    fs::path root = aside / "package";
    if (auto refusals = formats::unpack_zip(source, root); !refusals.empty()) return refusals;
    // A zip of one folder holding the package.
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(root)) entries.push_back(e.path());
    if (entries.size() == 1 && fs::is_directory(entries[0]) && !fs::exists(root / "problem.yaml") &&
        !fs::exists(root / "problem.xml"))
        root = entries[0];
    auto read = read_package(root, format);
    if (auto* p = std::get_if<Problem>(&read); p && root == aside / "package") p->name = source.stem().string();
    return read;
}

// The problem folder: problem.yaml and the compiled checker.
Refusals write_problem(const Problem& p, const fs::path& aside, std::vector<std::string>& notes) {
    const std::string name = plain_name(p.name);
    const fs::path dir = aside / name;
    fs::create_directories(dir);
    Refusals refusals;
    if (p.checker.kind == problem::CheckerKind::program)
        for (const auto& r : package::compile_checker(p, dir / "validator"))
            refusals.push_back(Diagnostic{r.file, 0, 0, r.message});
    // Relative paths from the folder aside are those from DIR/<name>: DIR is its sibling, and a
    // zipped package is unpacked inside it.
    const auto written = write_problem_yaml(p, dir, "validator");
    for (const auto& why : written.refusals) refusals.push_back(Diagnostic{p.source.string(), 0, 0, why});
    for (const auto& note : written.notes)
        if (std::find(notes.begin(), notes.end(), p.name + ": " + note) == notes.end())
            notes.push_back(p.name + ": " + note);
    if (refusals.empty()) write_file_durably(dir / kPlainProblemFile, written.yaml);
    return refusals;
}

std::string contest_yaml(const Problem& p) {
    return "# Imported from a " + std::string(to_string(p.format)) + " package (" + p.source.string() +
           ") by sudoku-judge import.\nname: \"" + plain_name(p.name) +
           "\"\ncontestants: contestants\nproblems:\n  - folder: " + plain_name(p.name) + "\n";
}

// The contest as the grader will load it; a refusal names the file where DIR will be.
Refusals check_loads(const fs::path& aside, const fs::path& out) {
    auto loaded = load_contest(aside / "CONTEST.yaml");
    auto* d = std::get_if<Diagnostic>(&loaded);
    if (!d) return {};
    Diagnostic named = *d;
    if (named.file.rfind(aside.string(), 0) == 0) named.file = out.string() + named.file.substr(aside.string().size());
    return {named};
}

// A program of the package copied to `dest` with its constants ({{name}}) replaced: the file, or
// the folder's regular files.
void copy_substituted(const problem::Program& program, const fs::path& dest,
                      const std::map<std::string, std::string>& constants) {
    constexpr std::uintmax_t kMaxSourceBytes = std::uintmax_t{64} << 20;
    const auto one_file = [&](const fs::path& from, const fs::path& to) {
        auto text = read_text_file(from, kMaxSourceBytes);
        if (auto* d = std::get_if<Diagnostic>(&text)) throw std::runtime_error(d->to_string());
        fs::create_directories(to.parent_path());
        write_file_durably(to, formats::substitute_constants(std::get<std::string>(text), constants));
    };
    if (!fs::is_directory(program.path)) return one_file(program.path, dest);
    for (const auto& e : fs::directory_iterator(program.path))
        if (e.is_regular_file()) one_file(e.path(), dest / e.path().filename());
}

// 2025-09 constants: the validators and submissions are compiled from copies with {{name}}
// replaced, under aside/package-sources/ (the package's own layout).
void substitute_programs(Problem& p, const fs::path& aside) {
    if (p.constants.empty()) return;
    const auto substituted = [&](problem::Program& program) {
        const fs::path rel = program.path.lexically_relative(p.source);
        if (program.path.empty() || rel.empty() || *rel.begin() == "..") return;
        const fs::path dest = aside / "package-sources" / rel;
        copy_substituted(program, dest, p.constants);
        program.path = dest;
    };
    if (p.checker.kind == problem::CheckerKind::program) substituted(p.checker.program);
    for (auto& v : p.validators) substituted(v.program);
    for (auto& e : p.expectations) substituted(e.submission);
    for (auto& [language, files] : p.included_files)
        for (auto& f : files) {
            problem::Program one;
            one.path = f;
            substituted(one);
            f = one.path;
        }
}

// The paths under `aside` as they will be once it is renamed to `out`.
Problem as_renamed(Problem p, const fs::path& aside, const fs::path& out) {
    const auto rebase = [&](fs::path& path) {
        const fs::path rel = path.lexically_relative(aside / "package-sources");
        if (!rel.empty() && *rel.begin() != "..") path = out / "package-sources" / rel;
    };
    for (auto& v : p.validators) rebase(v.program.path);
    for (auto& e : p.expectations) rebase(e.submission.path);
    return p;
}

// Writes everything aside; the time limit derived when the format says so.
Refusals write_aside(Problem& p, const fs::path& aside, const fs::path& out, std::vector<std::string>& notes) {
    fs::create_directories(aside / "contestants");
    substitute_programs(p, aside);
    package::write_contestants(p, aside);
    write_file_durably(aside / "CONTEST.yaml", contest_yaml(p));
    if (p.time_rule.derived) p.limits.time_s = 10;  // generous, for the runs that derive the limit
    if (auto r = write_problem(p, aside, notes); !r.empty()) return r;
    if (auto r = check_loads(aside, out); !r.empty()) return r;
    if (p.time_rule.derived) {
        std::vector<package::ImportRefusal> why;
        p.limits.time_s = package::derive_time_limit(p, aside / "CONTEST.yaml", why, notes);
        if (!why.empty()) return one(why[0].file, why[0].message);
        notes.push_back(p.name + ": time limit " + std::to_string(p.limits.time_s).substr(0, 5) +
                        " s, derived from the accepted submissions' slowest run x " +
                        std::to_string(p.time_rule.ac_to_time_limit).substr(0, 4));
        fs::remove(aside / plain_name(p.name) / kPlainProblemFile);
        if (auto r = write_problem(p, aside, notes); !r.empty()) return r;
    }
    package::write_expectations({as_renamed(p, aside, out)}, aside);
    return check_loads(aside, out);
}

// A zip's format from its shallowest marker file, at its root or one folder down (where read_source
// finds the package): problem.xml is Polygon's; problem.yaml, domjudge-problem.ini or none is read
// as DOMjudge's zip of a Kattis package, whose reader names what is missing. An unreadable zip goes
// there too, for unpack_zip's message.
PackageFormat detect_zip_format(const fs::path& zip) {
    const auto names = formats::zip_entry_names(zip);
    if (!names) return PackageFormat::domjudge;
    std::ptrdiff_t shallowest = 3;
    PackageFormat format = PackageFormat::domjudge;
    for (const auto& name : *names) {
        const fs::path entry = fs::path(name).lexically_normal();
        const auto depth = std::distance(entry.begin(), entry.end());
        const auto file = entry.filename();
        const bool polygon = file == "problem.xml";
        if (depth >= shallowest || !(polygon || file == "problem.yaml" || file == "domjudge-problem.ini")) continue;
        shallowest = depth;
        format = polygon ? PackageFormat::polygon : PackageFormat::domjudge;
    }
    return format;
}

}  // namespace

std::optional<PackageFormat> detect_package_format(const fs::path& source) {
    std::error_code ec;
    if (fs::is_regular_file(source, ec) && source.extension() == ".cdf") return PackageFormat::lemon;
    if (fs::is_regular_file(source / "problem.xml", ec)) return PackageFormat::polygon;
    if (fs::is_regular_file(source, ec) && source.extension() == ".zip") return detect_zip_format(source);
    if (formats::is_domjudge_package(source)) return PackageFormat::domjudge;
    if (formats::is_kattis_package(source)) return PackageFormat::kattis;
    return std::nullopt;
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): source then destination, as the command line names them
std::variant<PackageImport, std::vector<Diagnostic>> import_package(const fs::path& source, const fs::path& out_dir,
                                                                    std::optional<PackageFormat> format) {
    if (!format) format = detect_package_format(source);
    if (!format)
        return one(source,
                   "not a package this judge reads: expected problem.yaml and data/ (Kattis), "
                   "domjudge-problem.ini (DOMjudge), problem.xml (Polygon) or a LemonLime .cdf");
    const fs::path out = fs::absolute(out_dir).lexically_normal();
    if (*format == PackageFormat::lemon) {
        auto written = import_lemon(source, out);
        if (auto* d = std::get_if<Diagnostic>(&written)) return Refusals{*d};
        return PackageImport{std::get<fs::path>(written), *format, {}};
    }
    std::error_code ec;
    if (out.filename().empty()) return one(out, "--out names no folder");
    if (fs::exists(out) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
        return one(out, "--out exists and is not an empty folder: nothing is written over");
    fs::path aside;
    try {
        fs::create_directories(out.parent_path());
        aside = aside_folder(out);
        auto read = read_source(source, *format, aside);
        if (auto* refusals = std::get_if<Refusals>(&read)) {
            fs::remove_all(aside, ec);
            return *refusals;
        }
        Problem p = std::get<Problem>(std::move(read));
        PackageImport result{out / "CONTEST.yaml", *format, p.notes};
        if (auto refusals = write_aside(p, aside, out, result.notes); !refusals.empty()) {
            fs::remove_all(aside, ec);
            return refusals;
        }
        if (fs::exists(out)) fs::remove(out);  // an empty folder only: checked above
        fs::rename(aside, out);
        return result;
    } catch (const std::exception& e) {
        if (!aside.empty()) fs::remove_all(aside, ec);
        return one(source, std::string("cannot write the imported contest: ") + e.what());
    }
}

}  // namespace sudoku::judge
