// Packages of other judges' formats, written file by file by the tests into a scratch folder, and
// zipped with libarchive as the readers unzip them; and the contest imported from one, loaded,
// graded and verified (each stopping the test when the judge refuses it).
#pragma once

#include <archive.h>
#include <archive_entry.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace package_test {

namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
    fs::path dir = fs::path(SUDOKU_BINARY_DIR) / "package-tests" / (name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

inline void write_text(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

// Zips every file under `dir` (names relative to it) with libarchive.
inline void zip_folder(const fs::path& dir, const fs::path& zip) {
    archive* a = archive_write_new();
    archive_write_set_format_zip(a);
    REQUIRE(archive_write_open_filename(a, zip.c_str()) == ARCHIVE_OK);
    for (const auto& f : fs::recursive_directory_iterator(dir)) {
        if (!f.is_regular_file()) continue;
        std::ifstream in(f.path(), std::ios::binary);
        const std::string data((std::istreambuf_iterator<char>(in)), {});
        archive_entry* e = archive_entry_new();
        archive_entry_set_pathname(e, f.path().lexically_relative(dir).c_str());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
        archive_write_header(a, e);
        archive_write_data(a, data.data(), data.size());
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
}

// Every refusal of a reader or an import that must refuse, one a line.
template <class Read>
std::string refusals_text(const std::variant<Read, std::vector<sudoku::Diagnostic>>& result) {
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(result));
    std::string all;
    for (const auto& d : std::get<std::vector<sudoku::Diagnostic>>(result)) all += d.to_string() + "\n";
    return all;
}

inline sudoku::judge::Contest loaded(const fs::path& contest_file) {
    auto read = sudoku::judge::load_contest(contest_file);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&read)) FAIL(d->to_string());
    return std::get<sudoku::judge::Contest>(std::move(read));
}

// The total of every contestant of `contest_file`, graded into `out`.
inline std::map<std::string, double> points_by_contestant(const fs::path& contest_file, const fs::path& out) {
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    std::map<std::string, double> points;
    for (const auto& c : sudoku::judge::grade(loaded(contest_file), options).contestants) points[c.name] = c.total;
    return points;
}

// What verify finds of the contest in `contest_dir` (its CONTEST.yaml's folder), graded into `out`.
inline sudoku::judge::Verification verified(const fs::path& contest_dir, const fs::path& out) {
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    auto result = sudoku::judge::verify_contest(contest_dir, options);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&result)) FAIL(d->to_string());
    return std::get<sudoku::judge::Verification>(std::move(result));
}

}  // namespace package_test
