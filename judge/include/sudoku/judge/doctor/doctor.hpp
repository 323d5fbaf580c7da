// The machine, checked before a contest (`sudoku-judge doctor`), like isolate's check-environment:
// per item what this machine gives, what that means for grading and how to fix it. The sandbox's
// protections come from the same detection the runner and the start-up line use (one trivial run
// through the runner, sandbox.hpp's probe_protections; why cgroups are off, and the delegation that
// fixes it, from sudoku/judge/runner_client/cgroup_support.hpp's one detection); the rest (swap, huge pages, the CPU's
// frequency and SMT siblings, load, disk, compilers) decides how honest the measured times are.
// Data only: the command prints it (judge/cli/doctor_command.cpp).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/runner_client/protections.hpp"

namespace sudoku::judge {

// ok: nothing to do. advice: grading works, but times or limits are less exact than they can be.
// missing: a protection grading will not have (doctor exits 1 when any item is missing).
enum class CheckLevel { ok, advice, missing };
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::CheckLevel> {
    static constexpr std::string_view names[] = {"ok", "advice", "missing"};
};

namespace sudoku::judge {

struct CheckItem {
    std::string name;  // "root", "cgroups", "swap", ...
    CheckLevel level = CheckLevel::ok;
    std::string found;    // what this machine has: "cgroup v1 (memory, cpuacct, pids)"
    std::string meaning;  // what it means for grading
    std::string fix;      // how to fix it; empty when nothing needs doing
};

struct DoctorRequest {
    std::optional<Contest> contest;  // its languages' compilers, read_only_dirs, jobs; none: the built-in languages
    std::filesystem::path out_dir;   // where grading would write (free disk); need not exist
    bool out_dir_chosen = false;     // out_dir is grading's (--out, or CONTEST's judge-out): checked as grade does
    int jobs = 1;                    // slots whose CPUs are checked (pinning, SMT siblings, governor)
};

struct DoctorReport {
    std::vector<CheckItem> items;
    Protections protections;  // what the probe run had
    std::string probe_error;  // non-empty: the sandbox could not run at all
    // Every protection in force: no item is `missing`.
    bool every_protection() const;
};

// Checks this machine for `request`; probes the sandbox with one trivial run in a scratch folder
// under the system's temporary directory, removed afterwards.
DoctorReport examine_machine(const DoctorRequest& request);

nlohmann::json to_json(const DoctorReport& report);

// ---- the readings, from the kernel's files' text (pure, for tests)

// /sys/kernel/mm/transparent_hugepage/enabled: "always [madvise] never" -> "madvise".
std::string bracketed_choice(const std::string& text);
// A CPU list as sysfs writes it ("0-3,8,10-11") -> the CPUs.
std::vector<int> parse_cpu_list(const std::string& text);

}  // namespace sudoku::judge
