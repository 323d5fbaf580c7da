// Running a Kattis output validator (sudoku/judge/checkers/kattis_validator.hpp).
#include "sudoku/judge/checkers/kattis_validator.hpp"

#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>

#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

constexpr int kAccepted = 42, kRejected = 43;
constexpr std::streamsize kMaxFeedbackBytes = 64 << 10;

// A feedback file's first 64 KiB, or nothing when the validator did not write it.
std::optional<std::string> feedback(const fs::path& file) {
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    std::string text(static_cast<size_t>(kMaxFeedbackBytes), '\0');
    in.read(text.data(), kMaxFeedbackBytes);
    text.resize(static_cast<size_t>(in.gcount()));
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text;
}

std::optional<double> number(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    while (*end && std::isspace(static_cast<unsigned char>(*end))) ++end;
    if (end == text.c_str() || *end || !std::isfinite(v) || v < 0) return std::nullopt;
    return v;
}

RunRequest validator_request(const fs::path& validator, const CheckFiles& files, const fs::path& feedback_dir) {
    RunRequest r;
    r.read_only = read_only_at_own_paths(files.read_only_dirs);
    r.read_only.push_back({fs::absolute(validator), "/check/validator"});
    r.read_only.push_back({fs::absolute(files.input), "/check/input"});
    r.read_only.push_back({fs::absolute(files.answer), "/check/answer"});
    r.argv = {"/check/validator", "/check/input", "/check/answer",
              std::string(kBoxInsidePath) + "/" + feedback_dir.filename().string() + "/"};
    r.argv.insert(r.argv.end(), files.arguments.begin(), files.arguments.end());
    r.work_dir = files.scratch;
    r.stdin_file = fs::absolute(files.output);
    r.stdout_file = files.scratch / "validator.stdout";
    r.stderr_file = files.scratch / "validator.stderr";
    r.limits =
        RunLimits{.cpu_s = 10, .wall_s = 20, .memory_mib = 1024, .stack_mib = -1, .output_kib = 1024, .processes = 8};
    return r;
}

// The verdict of an accepting run, with its score files read back.
CheckResult accepted(const fs::path& dir, const CheckFiles& files, std::string message) {
    const auto score = feedback(dir / "score.txt"), multiplier = feedback(dir / "score_multiplier.txt");
    if (score && multiplier) return CheckResult::fail("the validator wrote both score.txt and score_multiplier.txt");
    if (!score && !multiplier) return CheckResult::accepted(message.empty() ? "accepted" : message);
    const auto value = number(score ? *score : *multiplier);
    if (!value)
        return CheckResult::fail("the validator's score file holds no non-negative number: " +
                                 *(score ? score : multiplier));
    if (score && (files.own_scores || files.points <= 0)) {
        // The test's own score, as the package's tree counts it (on a test worth no points
        // otherwise, nothing counts it).
        CheckResult r = CheckResult::accepted(message.empty() ? "accepted, score " + *score : message);
        r.score = *value;
        return r;
    }
    const double fraction = score ? *value / files.points : *value;
    if (fraction > 1 + 1e-9) return CheckResult::fail("the validator's score is over the test's maximum");
    CheckResult r =
        fraction >= 1 ? CheckResult::accepted(message)
                      : CheckResult{CheckResult::Kind::partial, fraction, message.empty() ? "partial score" : message};
    if (score) r.score = *value;
    return r;
}

}  // namespace

CheckResult run_kattis_validator(const fs::path& validator, const CheckFiles& files) {
    if (!fs::exists(validator)) return CheckResult::fail("output validator '" + validator.string() + "' not found");
    const fs::path dir = files.scratch / "feedback";
    std::error_code ec;
    fs::remove_all(files.scratch, ec);
    fs::create_directories(dir, ec);
    // The validator may run as another user than the judge: the feedback folder is its to write.
    fs::permissions(dir, fs::perms::all, ec);
    if (ec) return CheckResult::fail("judge fault: preparing the validator's feedback folder: " + ec.message());
    const RunRecord run = run_sandboxed(validator_request(validator, files, dir));
    if (!run.error.empty()) return CheckResult::fail(run.error);
    if (run.killed_by != KilledBy::none)
        return CheckResult::fail("output validator exceeded its " + std::string(to_string(run.killed_by)) + " limit");
    if (run.signal) return CheckResult::fail("output validator killed by signal " + std::to_string(*run.signal));
    const std::string message = feedback(dir / "judgemessage.txt").value_or("");
    if (run.exit_code == kRejected) {
        // A rejected output scores its group's reject_score: a score file beside the rejection
        // (DOMjudge's validators write 0) does not change that.
        const bool scored = feedback(dir / "score.txt") || feedback(dir / "score_multiplier.txt");
        return CheckResult::wrong((message.empty() ? "rejected by the output validator" : message) +
                                  (scored ? " (its score file left aside: the output is rejected)" : ""));
    }
    if (run.exit_code == kAccepted) return accepted(dir, files, message);
    return CheckResult::fail("output validator exit code " + std::to_string(run.exit_code.value_or(-1)) +
                             " (42 accepts, 43 rejects): " + message);
}

}  // namespace sudoku::judge
