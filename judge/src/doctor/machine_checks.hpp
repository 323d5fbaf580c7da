// The doctor's items that decide how exact the measured times and limits are (not the sandbox's
// protections): each reads the kernel's files and returns one item.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/judge/doctor/doctor.hpp"

namespace sudoku::judge::doctor {

// A small kernel file's text, without its final newline; nullopt when it cannot be read.
std::optional<std::string> read_kernel_file(const std::filesystem::path& file);

CheckItem check_swap(CgroupsState cgroups);
CheckItem check_huge_pages();
CheckItem check_governor(const std::vector<int>& slot_cpus);
CheckItem check_turbo();
CheckItem check_smt_siblings(const std::vector<int>& slot_cpus);
CheckItem check_load(int cpus);
CheckItem check_disk(const std::filesystem::path& out_dir);
// One item per language the contest's submissions use (every language without a contest).
std::vector<CheckItem> check_compilers(const std::optional<Contest>& contest);

}  // namespace sudoku::judge::doctor
