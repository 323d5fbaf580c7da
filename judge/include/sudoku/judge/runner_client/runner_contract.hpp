// What the judge and its runner (judge/runner/runner.cpp, an executable of its own) agree
// on: the record's keys, the words of its states and the default wall limit (docs/judge.md, "The runner").
// Header-only, with no dependency beyond the standard library, so that the runner includes it too
// and neither side can spell a state or the default differently from the other.
#pragma once

#include <algorithm>
#include <string_view>

#include "sudoku/common/enum_names.hpp"

namespace sudoku::judge {

// What a runner holds while it lives is named with its pid, so that the judge can sweep what a dead
// (SIGKILLed) runner left behind: its cgroups `sudoku-sandbox-<pid>` and the host directory of its
// root skeleton, `/tmp/sudoku-sandbox-root-<pid>-XXXXXX` (see sudoku/judge/runner_client/cgroup_sweep.hpp).
inline constexpr std::string_view kRunnerCgroupPrefix = "sudoku-sandbox-";
inline constexpr std::string_view kRunnerSkeletonPrefix = "sudoku-sandbox-root-";

// The wall limit when none is given: twice the CPU limit and a second (a program that sleeps or
// blocks is stopped, one that shares a busy core is not).
constexpr double default_wall_s(double cpu_s) { return 2 * cpu_s + 1; }

// The absolute wall cap when none is given: where a run is stopped whatever its wait for a CPU.
// The wall limit leaves that wait out, and a program that makes itself wait (the idle scheduling
// class on a busy core) would otherwise never reach it. Never below the wall limit itself.
constexpr double default_wall_cap_s(double cpu_s, double wall_s) {
    return std::max({3 * cpu_s + 1, cpu_s + 10, wall_s});
}

// The hard limit at which the runner stopped the program (record field `killed_by`): `wall_cap` is
// the absolute cap, its wait for a CPU counted.
enum class KilledBy { none, cpu, wall, output, wall_cap };
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::KilledBy> {
    static constexpr std::string_view names[] = {"none", "cpu", "wall", "output", "wall-cap"};
};

namespace sudoku::judge {

// The cgroups that measured and limited the run (record field `cgroups`).
enum class CgroupsState { off, v1, v2 };
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::CgroupsState> {
    static constexpr std::string_view names[] = {"off", "v1", "v2"};
};

namespace sudoku::judge {

// Whether the run had its own mount, pid, net, ipc and uts namespaces (record field `namespaces`):
// `user` when they were made inside a user namespace first (a runner without root).
enum class NamespacesState { off, on, user };
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::NamespacesState> {
    static constexpr std::string_view names[] = {"off", "on", "user"};
};

namespace sudoku::judge {

// The result record's keys, one `key: value` line each (docs/judge.md, "The result record"): the
// runner writes them (judge/runner/record.cpp) and the judge reads them (parse_run_record) from here.
namespace record_key {
inline constexpr std::string_view cpu = "cpu";
inline constexpr std::string_view wall = "wall";
inline constexpr std::string_view waited = "waited";
inline constexpr std::string_view peak_kib = "peak_kib";
inline constexpr std::string_view exit_code = "exit_code";
inline constexpr std::string_view signal = "signal";
inline constexpr std::string_view killed_by = "killed_by";
inline constexpr std::string_view oom = "oom";
inline constexpr std::string_view cgroups = "cgroups";
inline constexpr std::string_view namespaces = "namespaces";
inline constexpr std::string_view uid = "uid";
inline constexpr std::string_view core = "core";
inline constexpr std::string_view error = "error";
}  // namespace record_key

// Where the run's work directory (the box) appears inside its root: the program's cwd.
inline constexpr const char* kBoxInsidePath = "/box";

// What the CPU limit counts (runner option --cpu-clock): the program's user and system time, or,
// as LemonLime times its contests, user time only (a LemonLime task's problem.yaml `cpu_clock`).
enum class CpuClock { user_and_system, user };

// What the memory limit bounds (runner option --memory-rule): the tree's resident peak, or, as
// LemonLime does, also the address space: RLIMIT_AS at the limit, and a program whose loadable
// segments alone (an untouched static array) exceed it is MLE without running.
enum class MemoryRule { resident, address_space };

}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::CpuClock> {
    static constexpr std::string_view names[] = {"user-and-system", "user"};
};
template <>
struct sudoku::EnumNames<sudoku::judge::MemoryRule> {
    static constexpr std::string_view names[] = {"resident", "address-space"};
};
