// Which files of a contestant's folder are their submission for a problem (LemonLime's layout):
//
//   contestants/<name>/<problem>.<ext>          one source, in the language of <ext>
//   contestants/<name>/<problem>                a ready binary (executable)
//   contestants/<name>/<problem>/<problem>.<ext>  a folder: every source of that language in it,
//                                                and its companions (headers), compiled together
//
// The folder is the contestant's and is read as an attacker's: entries are looked at with lstat
// and never followed; a link, a FIFO or a device under a source's name is handed on and refused
// by copy_submission; a folder with more than kMaxSubmissionFiles sources or a name that is not a
// plain file name is refused whole.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/judge/contest/languages.hpp"

namespace sudoku::judge {

inline constexpr int kMaxSubmissionFiles = 64;

struct SubmissionFiles {
    std::filesystem::path main;                // the main source, a ready binary or a link; empty: none
    std::vector<std::filesystem::path> files;  // what goes into the build box, main first
    const Language* language = nullptr;        // into find_sources' `languages`; null: a binary, none, refused
    std::string refusal;                       // non-empty: refused as it stands (why)
};

SubmissionFiles find_sources(const std::filesystem::path& contestant_dir, const std::string& problem,
                             const std::vector<Language>& languages);

}  // namespace sudoku::judge
