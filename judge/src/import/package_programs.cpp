// A package's programs brought into the contest: its checker compiled, its submissions as
// contestants, what each must get (package_parts.hpp).
#include <fstream>
#include <nlohmann/json.hpp>

#include "package_parts.hpp"
#include "problem_yaml_writer.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sudoku::judge::package {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// The files of a program: the file itself, or the folder's regular files.
std::vector<fs::path> program_files(const problem::Program& program) {
    std::error_code ec;
    if (!fs::is_directory(program.path, ec)) return {program.path};
    std::vector<fs::path> files;
    for (fs::directory_iterator it(program.path, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

const Language* judge_language(const problem::Program& program, const std::vector<Language>& languages) {
    return program.language.empty() ? nullptr : language_named(languages, program.language);
}

// Our extension for a language (DOMjudge's .c++ and .p become .cpp and .pas).
std::string extension_for(const Language& language) { return language.extensions.front(); }

Json judgements(const std::vector<problem::Judgement>& list) {
    Json out = Json::array();
    for (auto j : list) out.push_back(std::string(to_string(j)));
    return out;
}

// Each condition on part of the tests, its tests by the names the contest gives them and its
// groups by the model's (verify scores the groups by the package's own model).
Json group_expectations(const std::vector<problem::GroupExpectation>& groups) {
    Json out = Json::array();
    for (const auto& g : groups) {
        Json tests = Json::array();
        for (const auto& t : g.tests) tests.push_back(plain_name(t));
        Json part = {{"path", g.path},
                     {"named", g.named},
                     {"tests", tests},
                     {"permitted", judgements(g.permitted)},
                     {"required", judgements(g.required)}};
        if (g.score) part["score"] = {g.score->min, g.score->max};
        if (!g.message.empty()) part["message"] = g.message;
        out.push_back(std::move(part));
    }
    return out;
}

}  // namespace

std::string runnable_language(const problem::Program& program) {
    const auto languages = contest_languages(CompileSettings{});
    const Language* language = judge_language(program, languages);
    return language ? language->name : "";
}

namespace {

// A Python output validator of one file as a script the sandbox runs by its own #! line: the
// interpreter's absolute path (the sandbox starts the checker itself, not through env), over the
// source's own #! line. Checked by compiling it to bytecode first, in the sandbox, as a
// submission's Python is.
std::vector<ImportRefusal> python_checker(const problem::Program& program, const Language& language,
                                          const fs::path& binary) {
    const auto files = program_files(program);
    std::vector<fs::path> sources;
    for (const auto& f : files)
        if (f.extension() == ".py") sources.push_back(f);
    if (sources.size() != 1)
        return {{program.path.string(), "a Python output validator runs here as one file: this one has " +
                                            std::to_string(sources.size()) + " .py files"}};
    const fs::path python = find_tool("python3", {});
    if (python.empty()) return {{program.path.string(), "python3 is not installed: the output validator cannot run"}};
    SubmissionFiles check;
    check.language = &language;
    check.main = sources[0];
    check.files = {sources[0]};
    const fs::path build = binary.parent_path() / ".validator-build";
    const CompileResult r = compile_submission(check, build, "validator", CompileSettings{});
    std::error_code ec;
    fs::remove_all(build, ec);
    if (!r.ok) return {{sources[0].string(), "the output validator does not compile: " + r.message}};
    // Within the source limit the compile just held it to; a file changed since is refused.
    auto read = read_text_file(sources[0], static_cast<std::uintmax_t>(CompileSettings{}.source_limit_kib) * 1024);
    if (auto* d = std::get_if<Diagnostic>(&read)) return {{sources[0].string(), d->message}};
    std::string text = std::move(std::get<std::string>(read));
    if (text.rfind("#!", 0) == 0)
        text.erase(0, text.find('\n') == std::string::npos ? text.size() : text.find('\n') + 1);
    write_file_durably(binary, "#!" + python.string() + "\n" + text);
    fs::permissions(binary,
                    fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                        fs::perms::others_exec,
                    ec);
    if (ec) return {{binary.string(), "cannot make the validator executable: " + ec.message()}};
    return {};
}

}  // namespace

std::vector<ImportRefusal> compile_checker(const problem::Problem& p, const fs::path& binary) {
    const auto languages = contest_languages(CompileSettings{});
    const problem::Program& program = p.checker.program;
    const Language* language = judge_language(program, languages);
    if (language && language->name == "python") return python_checker(program, *language, binary);
    if (!language || !language->runs_binary())
        return {{program.path.string(), "an output validator in " +
                                            (program.language.empty() ? "an unknown language" : program.language) +
                                            " is not run here: C, C++ and Python (one file) validators are"}};
    SubmissionFiles files;
    files.language = language;
    for (const auto& f : program_files(program)) {
        const std::string ext = f.extension().string();
        const bool source =
            std::find(language->extensions.begin(), language->extensions.end(), ext) != language->extensions.end();
        const bool companion =
            std::find(language->companions.begin(), language->companions.end(), ext) != language->companions.end();
        if (source || companion) files.files.push_back(f);
        if (source && files.main.empty()) files.main = f;
    }
    for (const auto& f : program.includes) files.files.push_back(f);
    if (files.main.empty())
        return {{program.path.string(), "the output validator has no " + language->name + " source"}};
    const fs::path build = binary.parent_path() / ".validator-build";
    CompileResult r = compile_submission(files, build, "validator", CompileSettings{});
    std::error_code ec;
    if (r.ok) fs::rename(r.binary, binary, ec);
    fs::remove_all(build, ec);
    if (!r.ok) return {{program.path.string(), "the output validator does not compile: " + r.message}};
    if (ec) return {{binary.string(), "cannot keep the compiled validator: " + ec.message()}};
    return {};
}

void write_contestants(const problem::Problem& p, const fs::path& contest_dir) {
    const auto languages = contest_languages(CompileSettings{});
    const std::string problem_name = plain_name(p.name);
    for (const auto& e : p.expectations) {
        const Language* language = judge_language(e.submission, languages);
        if (!language) continue;  // verify lists it as not run
        const fs::path dir = contest_dir / "contestants" / e.contestant;
        fs::create_directories(dir);
        const auto files = program_files(e.submission);
        if (files.size() == 1) {
            fs::copy_file(files[0], dir / (problem_name + extension_for(*language)));
            continue;
        }
        // A program of several files: the folder, its entry (else its first source) named after
        // the problem.
        fs::create_directories(dir / problem_name);
        bool main_named = false;
        for (const auto& f : files) {
            const bool main = e.submission.entry.empty() ? language_of(languages, f) == language && !main_named
                                                         : f.filename() == e.submission.entry.filename();
            fs::path target = dir / problem_name / f.filename();
            if (main) target = dir / problem_name / (problem_name + extension_for(*language)), main_named = true;
            fs::copy_file(f, target);
        }
    }
}

void write_expectations(const std::vector<problem::Problem>& problems, const fs::path& contest_dir) {
    Json doc = {{"problems", Json::array()}};
    for (const auto& p : problems) {
        Json problem = {{"problem", plain_name(p.name)},
                        {"format", std::string(to_string(p.format))},
                        {"type", std::string(to_string(p.type))},
                        {"memory_is_run_time_error", p.memory_is_run_time_error},
                        {"package", p.source.string()},
                        {"submissions", Json::array()},
                        {"validators", Json::array()}};
        if (auto max = problem::max_score(p)) problem["max_score"] = *max;
        for (const auto& e : p.expectations) {
            Json s = {{"contestant", e.contestant},           {"folder", e.folder},
                      {"file", e.submission.path.string()},   {"language", runnable_language(e.submission)},
                      {"permitted", judgements(e.permitted)}, {"required", judgements(e.required)},
                      {"overall", judgements(e.overall)}};
            if (e.score) s["score"] = {e.score->min, e.score->max};
            if (!e.message.empty()) s["message"] = e.message;
            if (!e.submission.declared_language.empty()) s["declared_language"] = e.submission.declared_language;
            if (!e.groups.empty()) s["groups"] = group_expectations(e.groups);
            problem["submissions"].push_back(std::move(s));
        }
        for (const auto& v : p.validators) {
            Json args = Json::object();
            for (const auto& t : p.tests)
                if (!t.validator_arguments.empty()) args[plain_name(t.name)] = t.validator_arguments;
            Json includes = Json::array();
            for (const auto& f : v.program.includes) includes.push_back(f.string());
            problem["validators"].push_back({{"file", v.program.path.string()},
                                             {"language", runnable_language(v.program)},
                                             {"includes", includes},
                                             {"accept_exit", v.accept_exit},
                                             {"crlf_as_lf", v.crlf_as_lf},
                                             {"arguments", v.arguments},
                                             {"test_arguments", args}});
        }
        doc["problems"].push_back(std::move(problem));
    }
    write_file_durably(contest_dir / kExpectationsFile, doc.dump(2) + "\n");
}

}  // namespace sudoku::judge::package
