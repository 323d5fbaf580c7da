#include "hostile_table.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace hostile {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator)) parts.push_back(part);
    if (!text.empty() && text.back() == separator) parts.emplace_back();
    return parts;
}

}  // namespace

std::filesystem::path table_path() { return std::filesystem::path(SUDOKU_SOURCE_DIR) / "tests/hostile/expected.tsv"; }
std::filesystem::path programs_dir() { return std::filesystem::path(SUDOKU_SOURCE_DIR) / "tests/hostile/programs"; }
std::filesystem::path checkers_dir() { return std::filesystem::path(SUDOKU_SOURCE_DIR) / "tests/hostile/checkers"; }

std::string Row::title() const {
    std::string verdicts;
    for (const auto& v : expected) verdicts += (verdicts.empty() ? "" : "|") + v;
    return program + " (" + setup + (before.empty() ? "" : ", after " + before) + ") -> " + verdicts;
}

std::vector<Row> read_table(const std::filesystem::path& tsv) {
    std::ifstream in(tsv);
    if (!in) throw std::runtime_error(tsv.string() + ": cannot read");
    std::vector<Row> rows;
    std::string text;
    bool header = true;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        if (header) {  // the column names
            header = false;
            continue;
        }
        auto cells = split(text, '\t');
        if (cells.size() != 7)
            throw std::runtime_error(tsv.string() + ":" + std::to_string(line) +
                                     ": expected 7 tab-separated columns, found " + std::to_string(cells.size()));
        Row r;
        r.line = line;
        r.program = cells[0];
        r.setup = cells[1];
        r.before = cells[2];
        r.expected = split(cells[3], '|');
        if (!cells[4].empty()) r.checks = split(cells[4], ';');
        r.known_failure = cells[5];
        r.notes = cells[6];
        if (r.program.empty() || r.expected.empty())
            throw std::runtime_error(tsv.string() + ":" + std::to_string(line) +
                                     ": a row needs a program and a verdict");
        rows.push_back(r);
    }
    return rows;
}

}  // namespace hostile
