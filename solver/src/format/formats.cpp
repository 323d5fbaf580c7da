// The public face of sudoku/solver/formats.hpp: names, files, and the boundary where a parse stop
// (ParseError) becomes a Diagnostic value.
#include "sudoku/solver/formats.hpp"

#include "format/layout.hpp"
#include "sudoku/common/bounded_file.hpp"

namespace sudoku {

const std::vector<Format>& all_formats() {
    static const std::vector<Format> formats = [] {
        std::vector<Format> all;
        for (std::size_t i = 0; i < std::size(EnumNames<Format>::names); ++i) all.push_back(static_cast<Format>(i));
        return all;
    }();
    return formats;
}

std::string_view format_name(Format format) { return to_string(format); }

std::optional<Format> format_by_name(std::string_view name) { return from_string<Format>(name); }

std::string format_names(std::string_view separator) { return joined_names<Format>(separator); }

Format default_format(int box) { return box == format_box(Format::uva1309) ? Format::uva1309 : Format::line81; }

int format_box(Format format) { return text::input_layout(format).box; }

std::variant<PuzzleFile, Diagnostic> parse_puzzle_file(Format format, std::string_view content,
                                                       const std::string& file_name) {
    PuzzleFile file;
    file.name = file_name;
    try {
        text::LineReader reader(content, file_name);
        file.puzzles = text::read_grids(text::input_layout(format), reader, false, file.first_lines);
    } catch (const text::ParseError& error) {
        return error.diagnostic;
    }
    return file;
}

std::variant<PuzzleFile, Diagnostic> read_puzzle_file(Format format, const std::filesystem::path& path) {
    auto content = read_text_file(path, kMaxDataBytes);
    if (auto* diagnostic = std::get_if<Diagnostic>(&content)) return *diagnostic;
    return parse_puzzle_file(format, std::get<std::string>(content), path.string());
}

namespace {
std::variant<std::vector<Grid>, Diagnostic> grids_only(std::variant<PuzzleFile, Diagnostic> parsed) {
    if (auto* diagnostic = std::get_if<Diagnostic>(&parsed)) return *diagnostic;
    return std::move(std::get<PuzzleFile>(parsed).puzzles);
}
}  // namespace

std::variant<std::vector<Grid>, Diagnostic> parse_puzzles(Format format, std::string_view text,
                                                          const std::string& file_name) {
    return grids_only(parse_puzzle_file(format, text, file_name));
}

std::variant<std::vector<Grid>, Diagnostic> read_puzzles(Format format, const std::filesystem::path& path) {
    return grids_only(read_puzzle_file(format, path));
}

std::string write_puzzles(Format format, const std::vector<Grid>& puzzles) {
    return text::write_grids(text::input_layout(format), puzzles);
}

}  // namespace sudoku
