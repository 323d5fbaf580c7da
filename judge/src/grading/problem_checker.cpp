// Which checker a contest problem's test goes to, and with what (grading/problem_checker.hpp).
#include "grading/problem_checker.hpp"

#include <cctype>
#include <string>
#include <utility>
#include <variant>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/judge/checkers/cms_checker.hpp"
#include "sudoku/judge/checkers/float_checker.hpp"
#include "sudoku/judge/checkers/kattis_validator.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"

namespace sudoku::judge {

namespace {

// The output and the answer of a test, or the judge's fault when the answer cannot be read.
std::variant<std::pair<std::string, std::string>, CheckResult> output_and_answer(const CheckFiles& files) {
    auto answer = read_text_file(files.answer, kMaxDataBytes);
    if (std::holds_alternative<Diagnostic>(answer))
        return CheckResult::fail("cannot read the answer file " + files.answer.string());
    auto output = read_text_file(files.output, kMaxDataBytes);
    std::string out = std::holds_alternative<std::string>(output) ? std::move(std::get<std::string>(output)) : "";
    return std::pair{std::move(out), std::move(std::get<std::string>(answer))};
}

}  // namespace

CheckResult check_problem_output(const ContestProblem& problem, const CheckFiles& files) {
    const std::string& checker = problem.config.checker;
    if (problem.checker_protocol == CheckerProtocol::kattis) {
        CheckFiles with_arguments = files;
        with_arguments.arguments = problem.checker_arguments;
        with_arguments.arguments.insert(with_arguments.arguments.end(), files.arguments.begin(), files.arguments.end());
        with_arguments.own_scores = !problem.score_tree.empty();
        return run_kattis_validator(checker, with_arguments);
    }
    if (problem.checker_protocol == CheckerProtocol::lemon_special) return run_lemon_special_judge(checker, files);
    if (problem.checker_protocol == CheckerProtocol::cms) return run_cms_checker(checker, files);
    if (checker == "lemon-diff") return run_lemon_diff(problem.diff_arguments, files);
    const bool kattis_flags =
        (!problem.case_sensitive || problem.space_change_sensitive) && (checker == "tokens" || checker == "float");
    const bool compares_text = checker == "float" || checker.rfind("lemon-", 0) == 0 || kattis_flags;
    if (!compares_text) {
        if (problem.checker_protocol == CheckerProtocol::lemon_message)
            return run_external_checker(checker, problem.checker_protocol, files);
        return run_checker(checker, problem.config.problem, files);
    }
    auto texts = output_and_answer(files);
    if (auto* failed = std::get_if<CheckResult>(&texts)) return *failed;
    auto& [output, answer] = std::get<std::pair<std::string, std::string>>(texts);
    if (kattis_flags) {
        // Kattis's default validator: ASCII letters compare equal to their other case, and with
        // space_change_sensitive the whitespace must be the answer's.
        if (!problem.case_sensitive)
            for (std::string* text : {&output, &answer})
                for (char& c : *text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CheckResult tokens =
            checker == "tokens" ? check_tokens(output, answer) : check_float(output, answer, problem.float_tolerance);
        if (tokens.kind == CheckResult::Kind::accepted && problem.space_change_sensitive &&
            !same_spacing(output, answer))
            return CheckResult::wrong("the tokens match, the whitespace around them differs from the answer's");
        return tokens;
    }
    if (checker == "lemon-lines") return check_lemon_lines(output, answer);
    if (checker == "lemon-ignore-spaces") return check_lemon_ignore_spaces(output, answer);
    if (checker == "lemon-real") return check_lemon_real(output, answer, problem.real_precision);
    return check_float(output, answer, problem.float_tolerance);
}

}  // namespace sudoku::judge
