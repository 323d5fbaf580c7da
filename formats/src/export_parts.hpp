// What the writers of other judges' formats share (private to sudoku_formats): the folder being
// written, YAML spelling, and the test set's groups as the writers walk them.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/formats/export.hpp"

namespace sudoku::formats::export_parts {

// A failure to write, caught by export_problem and returned as its Diagnostic.
struct WriteError {
    Diagnostic diagnostic;
};

// The package folder under construction: every path relative to it.
class PackageFolder {
public:
    explicit PackageFolder(std::filesystem::path root) : root_(std::move(root)) {}
    const std::filesystem::path& root() const { return root_; }
    void text(const std::filesystem::path& relative, std::string_view content) const;
    void copy(const std::filesystem::path& relative, const std::filesystem::path& from) const;

private:
    std::filesystem::path root_;
};

// A YAML scalar that reads back as exactly `text`: double-quoted, with JSON's escapes.
std::string yaml_string(std::string_view text);
// A number without trailing zeros: 2, 0.5, 1.25.
std::string number_text(double value);

// One group of secret tests, with how it scores.
struct ScoredGroup {
    std::string name;             // the last part of its model name: "easy" for "secret/easy"
    bool all_or_nothing = false;  // the group scores `points` only when every test passes
    double points = 0;            // per test, or for the whole group when all_or_nothing
    std::vector<const problem::Test*> tests;
    double total() const { return all_or_nothing ? points : points * static_cast<double>(tests.size()); }
};

std::vector<const problem::Test*> sample_tests(const problem::Problem& problem);
// The secret groups in the model's order; throws WriteError for a shape the writers cannot map
// (a test outside any secret group, groups nested deeper than secret/<g>).
std::vector<ScoredGroup> scored_groups(const problem::Problem& problem);

// Zips `folder`'s contents into `zip`, deterministically (formats/src/export_zip.cpp).
void zip_folder(const std::filesystem::path& folder, const std::filesystem::path& zip);

// LemonLime's contest.cdf holding a task per problem, with each problem's data/<name>/ and the
// empty source/ (formats/src/export_lemon.cpp); what LemonLime cannot carry is added to `notes`.
void write_lemon_contest(const std::string& title, const std::vector<const ExportProblem*>& problems,
                         const PackageFolder& folder, std::vector<std::string>& notes);

// The note every writer without file I/O adds for a problem read from named files.
std::string standard_io_note(const problem::Problem& problem, std::string_view format);

}  // namespace sudoku::formats::export_parts
