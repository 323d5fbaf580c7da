// Input validators run over a problem's tests, sandboxed like a checker (verify_parts.hpp).
#include <algorithm>
#include <fstream>

#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "verify_parts.hpp"

namespace sudoku::judge::verify {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

constexpr const char* kName = "validator";

std::vector<fs::path> sources_of(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_directory(file, ec)) return {file};
    std::vector<fs::path> out;
    for (fs::directory_iterator it(file, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec)) out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

// The validator compiled (or its sources, for an interpreted language) into `build`; its argv.
// `includes` are the package's headers the validator needs beside it (Polygon's testlib.h).
std::variant<std::vector<std::string>, std::string> build(const fs::path& file, const Language& language,
                                                          const std::vector<fs::path>& includes,
                                                          const fs::path& build_dir) {
    SubmissionFiles files;
    files.language = &language;
    files.files = includes;
    for (const auto& f : sources_of(file)) {
        const std::string ext = f.extension().string();
        const auto has = [&](const std::vector<std::string>& list) {
            return std::find(list.begin(), list.end(), ext) != list.end();
        };
        if (has(language.extensions) || has(language.companions)) files.files.push_back(f);
        if (has(language.extensions) && files.main.empty()) files.main = f;
    }
    if (files.main.empty()) return std::string("no " + language.name + " source");
    const CompileResult r = compile_submission(files, build_dir, kName, CompileSettings{});
    if (!r.ok) return "does not compile: " + r.message;
    CommandWords words;
    words.exe = kName;
    words.dir = kBoxInsidePath;
    words.main = std::string(kName) + files.main.extension().string();
    return command_argv(language.run, words);
}

// The test's input with every CR LF as LF, written to `copy`, when it holds a CR LF; else the
// input itself. Streamed: a test may be large.
fs::path input_with_lf(const fs::path& input, const fs::path& copy) {
    std::ifstream in(input, std::ios::binary);
    std::ofstream out(copy, std::ios::binary | std::ios::trunc);
    bool changed = false, pending_cr = false;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        for (std::streamsize i = 0; i < in.gcount(); ++i) {
            const char c = buffer[i];
            if (pending_cr && c != '\n') out.put('\r');
            changed = changed || (pending_cr && c == '\n');
            pending_cr = c == '\r';
            if (!pending_cr) out.put(c);
        }
    }
    if (pending_cr) out.put('\r');
    return changed && out ? copy : input;
}

// One run on one test: empty when accepted, else why not.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the program, its input, then its box, as a run reads
std::string run_on(const fs::path& program, bool is_binary, const std::vector<std::string>& argv, const fs::path& input,
                   const fs::path& box, int accept_exit) {
    std::error_code ec;
    fs::remove_all(box, ec);
    fs::create_directories(box);
    if (is_binary)
        fs::copy_file(program, box / kName);
    else
        fs::copy(program, box, fs::copy_options::recursive);
    RunRequest r;
    r.argv = argv;
    r.work_dir = box;
    r.stdin_file = fs::absolute(input);
    r.stderr_file = box / ".." / "validator.stderr";
    r.limits =
        RunLimits{.cpu_s = 30, .wall_s = 60, .memory_mib = 2048, .stack_mib = -1, .output_kib = 1024, .processes = 8};
    const RunRecord run = run_sandboxed(r);
    if (!run.error.empty()) return "the run failed: " + run.error;
    if (run.killed_by != KilledBy::none) return "exceeded its " + std::string(to_string(run.killed_by)) + " limit";
    if (run.signal) return "killed by signal " + std::to_string(*run.signal);
    if (run.exit_code == accept_exit) return "";
    std::ifstream err(r.stderr_file);
    std::string message(512, '\0');
    err.read(message.data(), 512);
    message.resize(static_cast<size_t>(err.gcount()));
    return "exit " + std::to_string(run.exit_code.value_or(-1)) + " (expected " + std::to_string(accept_exit) +
           "): " + message;
}

}  // namespace

void run_validators(const Contest& contest, const Json& problem, const fs::path& scratch,
                    std::vector<ValidatorCheck>& out) {
    const std::string name = problem["problem"];
    auto p = std::find_if(contest.problems.begin(), contest.problems.end(),
                          [&](const ContestProblem& c) { return c.config.name == name; });
    if (p == contest.problems.end()) return;
    const auto languages = contest_languages(contest.compile);
    int index = 0;
    for (const auto& v : problem["validators"]) {
        const fs::path file = v["file"].get<std::string>();
        const Language* language = language_named(languages, v["language"].get<std::string>());
        ValidatorCheck check{name, file.filename().string(), "", Agreement::not_run, ""};
        if (!language) {
            check.why = "no language of the judge runs it";
            out.push_back(check);
            continue;
        }
        const fs::path dir = scratch / (name + "-" + std::to_string(index++));
        std::vector<fs::path> includes;
        for (const auto& f : v.value("includes", Json::array())) includes.emplace_back(f.get<std::string>());
        auto built = build(file, *language, includes, dir / "build");
        if (auto* why = std::get_if<std::string>(&built)) {
            check.agreement = Agreement::differs;
            check.why = *why;
            out.push_back(check);
            continue;
        }
        for (const auto& t : p->tests) {
            auto argv = std::get<std::vector<std::string>>(built);
            for (const auto& a : v["arguments"]) argv.push_back(a);
            if (v["test_arguments"].contains(t.name))
                for (const auto& a : v["test_arguments"][t.name]) argv.push_back(a);
            const fs::path input = v.value("crlf_as_lf", false) ? input_with_lf(t.input, dir / "input-lf") : t.input;
            const std::string why =
                run_on(dir / "build" / kName, language->runs_binary(), argv, input, dir / "box", v["accept_exit"]);
            if (!why.empty()) out.push_back({name, check.validator, t.name, Agreement::differs, why});
        }
    }
}

}  // namespace sudoku::judge::verify
