// sudoku-solve: reads a problem's input and prints its answer, as the reference solution would.
//
//   sudoku-solve --problem NAME [--weights FILE] [--certificate] [FILE]
//
// Exit status: 0 answered, 2 bad input or usage (message on stderr naming file:line:column),
// 1 internal error.
#include <exception>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/formats.hpp"
#include "sudoku/problems.hpp"

namespace {

constexpr int exit_answered = 0;
constexpr int exit_internal_error = 1;
constexpr int exit_bad_input = 2;

void print_help(std::ostream& out) {
    out << "usage: sudoku-solve --problem NAME [--weights FILE] [--certificate] [FILE]\n"
           "\n"
           "Reads the input of problem NAME from FILE (standard input when absent) and prints the\n"
           "answer in that problem's output format, computed by the exact reference solver.\n"
           "\n"
           "options:\n"
           "  --problem NAME   one of the problems below\n"
           "  --weights FILE   target only: the weight matrix (9 lines of 9 integers);\n"
           "                   default: the NOIP ring weights 6..10\n"
           "  --certificate    target only: also print an optimal grid after the score\n"
           "  --help           this text\n"
           "\n"
           "problems:\n";
    for (const sudoku::Problem& problem : sudoku::all_problems())
        out << "  " << problem.name << ": " << problem.title << "\n"
            << "      input:  " << problem.input_layout << "\n"
            << "      output: " << problem.output_layout << "\n";
    out << "\n"
           "example:\n"
           "  sudoku-solve --problem target examples/samples/target-1.in     # prints 2829\n"
           "\n"
           "exit status: 0 answered, 2 bad input (message names file:line:column), 1 internal error\n";
}

struct Options {
    const sudoku::Problem* problem = nullptr;
    std::optional<std::string> input_file;
    std::optional<std::string> weights_file;
    bool certificate = false;
    bool help = false;
};

// The parsed command line, or the usage error to report.
std::variant<Options, std::string> parse_command_line(const std::vector<std::string>& args) {
    Options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size()) return std::nullopt;
            return args[++i];
        };
        if (arg == "--help" || arg == "-h") {
            options.help = true;
        } else if (arg == "--problem") {
            auto name = value();
            if (!name) return "--problem needs a problem name";
            options.problem = sudoku::find_problem(*name);
            if (!options.problem) return "unknown problem '" + *name + "' (see --help)";
        } else if (arg == "--weights") {
            options.weights_file = value();
            if (!options.weights_file) return "--weights needs a file";
        } else if (arg == "--certificate") {
            options.certificate = true;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return "unknown option '" + arg + "' (see --help)";
        } else if (options.input_file) {
            return "more than one input file: '" + *options.input_file + "' and '" + arg + "'";
        } else {
            options.input_file = arg;
        }
    }
    if (options.help) return options;
    if (!options.problem) return "missing --problem NAME (see --help)";
    if ((options.weights_file || options.certificate) && options.problem->input != sudoku::Format::target)
        return "--weights and --certificate apply to the target problem only";
    return options;
}

int run(const Options& options) {
    const sudoku::Problem& problem = *options.problem;
    auto input = options.input_file
                     ? sudoku::read_puzzle_file(problem.input, *options.input_file)
                     : sudoku::parse_puzzle_file(problem.input,
                                                 std::string(std::istreambuf_iterator<char>(std::cin), {}), "stdin");
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&input)) {
        std::cerr << diagnostic->to_string() << "\n";
        return exit_bad_input;
    }

    sudoku::AnswerOptions answer_options;
    answer_options.certificate = options.certificate;
    if (options.weights_file) {
        auto weights = sudoku::read_weights(*options.weights_file);
        if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&weights)) {
            std::cerr << diagnostic->to_string() << "\n";
            return exit_bad_input;
        }
        answer_options.weights = std::get<sudoku::Weights>(weights);
    }

    auto result = sudoku::answer(problem, std::get<sudoku::PuzzleFile>(input), answer_options);
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&result)) {
        std::cerr << diagnostic->to_string() << "\n";
        return exit_bad_input;
    }
    std::cout << std::get<std::string>(result) << std::flush;
    return std::cout ? exit_answered : exit_internal_error;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        auto parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
        if (auto* error = std::get_if<std::string>(&parsed)) {
            std::cerr << "sudoku-solve: " << *error << "\n";
            return exit_bad_input;
        }
        const Options& options = std::get<Options>(parsed);
        if (options.help) {
            print_help(std::cout);
            return exit_answered;
        }
        return run(options);
    } catch (const std::exception& error) {
        std::cerr << "sudoku-solve: internal error: " << error.what() << "\n";
        return exit_internal_error;
    }
}
