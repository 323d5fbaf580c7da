// sudoku-solve: reads a problem's input and prints its answer, as the reference solution would.
//
//   sudoku-solve --problem NAME [--weights FILE] [--no-completion TOKEN] [--certificate]
//                [--count-cap N] [FILE]
//
// Exit status: 0 answered, 2 bad input or usage (message on stderr naming file:line:column or the
// option), 1 internal error, 3 answered but a count is above --count-cap ("more than N").
#include <unistd.h>

#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <variant>

#include "command_line.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"

namespace {

using namespace sudoku::cli;

struct Options {
    const sudoku::Problem* problem = nullptr;
    std::optional<std::string> input_file;
    std::optional<std::string> weights_file;
    std::optional<std::string> no_completion;
    bool certificate = false;
    std::optional<std::uint64_t> count_cap;
};

std::string problem_list() {
    std::string list = "Problems:\n";
    for (const sudoku::Problem& problem : sudoku::all_problems())
        list += "  " + std::string(problem.name) + ": " + std::string(problem.title) + "\n" +
                "      input:  " + std::string(problem.input_layout) + "\n" +
                "      output: " + std::string(problem.output_layout) + "\n";
    return list;
}

std::string problem_names() {
    std::string names;
    for (const sudoku::Problem& problem : sudoku::all_problems())
        names += (names.empty() ? "" : ", ") + std::string(problem.name);
    return names;
}

void define(CLI::App& app, Options& options) {
    use_help_layout(app);
    add_version_flag(app);
    describe(app, "sudoku-solve --problem NAME [--weights FILE] [--no-completion TOKEN] [--certificate] [FILE]",
             "Reads the input of problem NAME from FILE (standard input when absent) and prints the\n"
             "answer in that problem's output format, computed by the exact reference solver.");
    app.add_option("FILE", options.input_file, "the input (default: standard input)");
    app.add_option_function<std::string>(
           "--problem", [&](const std::string& name) { options.problem = sudoku::find_problem(name); },
           "one of the problems below")
        ->type_name("NAME")
        ->required()
        ->check(CLI::Validator(
            [](std::string& name) -> std::string {
                if (sudoku::find_problem(name)) return "";
                return "unknown problem '" + name + "', expected one of " + problem_names();
            },
            "", "problem"));
    app.add_option("--weights", options.weights_file,
                   "target only: the weight matrix (9 lines of 9 integers);\ndefault: the NOIP ring weights 6..10")
        ->type_name("FILE");
    app.add_option("--no-completion", options.no_completion,
                   "target only: the answer when no completion exists (default -1); required when\n"
                   "the weights let a full grid score -1")
        ->type_name("TOKEN");
    app.add_option("--count-cap", options.count_cap,
                   "sudogob only: counts are exact up to N; above it the answer is 'more than N'\n"
                   "and the exit status 3 (default " +
                       std::to_string(sudoku::kDefaultCountCap) + ")")
        ->type_name("N")
        ->check(whole_number(1, sudoku::kMaxCountCap));
    app.add_flag("--certificate", options.certificate, "target only: also print an optimal grid after the score");
    app.footer(problem_list() +
               "\n"
               "Example:\n"
               "  sudoku-solve --problem target examples/samples/target-1.in     # prints 2829\n"
               "\n"
               "Exit status: 0 answered, 2 bad input (message names file:line:column) or usage, 1 internal error,\n"
               "3 answered, but a count is above --count-cap (its line reads 'more than N')");
}

int report(const sudoku::Diagnostic& diagnostic) {
    std::cerr << diagnostic.to_string() << "\n";
    return exit_bad_input;
}

int run(const Options& options) {
    const sudoku::Problem& problem = *options.problem;
    if ((options.weights_file || options.certificate || options.no_completion) &&
        problem.input != sudoku::Format::target) {
        std::cerr << "sudoku-solve: --weights, --no-completion and --certificate apply to the target problem only "
                     "(see --help)\n";
        return exit_bad_input;
    }
    // Standard input is read as a file, in blocks (a character at a time took 10 s for 100 MB).
    std::variant<std::string, sudoku::Diagnostic> stdin_text = std::string();
    if (!options.input_file) stdin_text = sudoku::read_stream(STDIN_FILENO, "stdin", sudoku::kMaxDataBytes);
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&stdin_text)) return report(*diagnostic);
    auto input = options.input_file
                     ? sudoku::read_puzzle_file(problem.input, *options.input_file)
                     : sudoku::parse_puzzle_file(problem.input, std::get<std::string>(stdin_text), "stdin");
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&input)) return report(*diagnostic);

    sudoku::AnswerOptions answer_options;
    answer_options.certificate = options.certificate;
    if (options.weights_file) {
        auto weights = sudoku::read_weights(*options.weights_file);
        if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&weights)) return report(*diagnostic);
        answer_options.weights = std::get<sudoku::Weights>(weights);
    }
    if (options.no_completion) answer_options.no_completion = *options.no_completion;
    if (options.count_cap && problem.input != sudoku::Format::sudogob) {
        std::cerr << "sudoku-solve: --count-cap applies to the sudogob problem only (see --help)\n";
        return exit_bad_input;
    }
    if (options.count_cap) answer_options.count_cap = *options.count_cap;
    if (problem.input == sudoku::Format::target && sudoku::target_no_completion_is_ambiguous(answer_options)) {
        std::cerr << "sudoku-solve: under these weights a full grid may score " << answer_options.no_completion
                  << ", the answer for 'no completion': name another one with --no-completion TOKEN\n";
        return exit_bad_input;
    }

    auto result = sudoku::answer_in_full(problem, std::get<sudoku::PuzzleFile>(input), answer_options);
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&result)) return report(*diagnostic);
    const sudoku::AnswerText& answer = std::get<sudoku::AnswerText>(result);
    std::cout << answer.text << std::flush;
    if (!std::cout) return exit_internal_error;
    return answer.count_above_cap ? exit_done_with_caveat : exit_done;
}

}  // namespace

int main(int argc, char** argv) {
    return run_guarded("sudoku-solve", [&] {
        CLI::App app("", "sudoku-solve");
        Options options;
        define(app, options);
        if (auto status = parse(app, argc, argv)) return *status;
        return run(options);
    });
}
