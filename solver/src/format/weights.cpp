// Target weights: a matrix of integers in the target input's layout.
#include <string>

#include "format/text.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/solver/formats.hpp"

namespace sudoku {

namespace {
constexpr int weights_side = 9;
constexpr long long weight_limit = 1'000'000;  // keeps every score far inside 64 bits
}  // namespace

std::variant<Weights, Diagnostic> parse_weights(std::string_view content, const std::string& file_name) {
    const std::string what = "an integer weight (-1000000..1000000)";
    try {
        text::LineReader reader(content, file_name);
        if (reader.blank_file()) reader.fail(1, 1, "expected 9 rows of 9 weights, found an empty file");
        Weights weights;
        weights.box = 3;
        for (int r = 0; r < weights_side; ++r) {
            const std::string row = "row " + std::to_string(r + 1) + " of 9 weights";
            if (!reader.has_line()) reader.fail_at_end(row);
            text::Line line = reader.next();
            if (line.text.empty()) reader.fail_line(line, row);
            for (long long w : text::read_integer_row(reader, line, weights_side, -weight_limit, weight_limit, what))
                weights.w.push_back(static_cast<int>(w));
        }
        reader.skip_empty_lines();
        if (reader.has_line()) reader.fail_line(reader.peek(), "end of file after 9 rows of weights");
        return weights;
    } catch (const text::ParseError& error) {
        return error.diagnostic;
    }
}

std::variant<Weights, Diagnostic> read_weights(const std::filesystem::path& path) {
    auto content = read_text_file(path, kMaxConfigBytes);
    if (auto* diagnostic = std::get_if<Diagnostic>(&content)) return *diagnostic;
    return parse_weights(std::get<std::string>(content), path.string());
}

}  // namespace sudoku
