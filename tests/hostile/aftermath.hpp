// What a run may not leave behind: processes, cgroups, mounts, files outside its box.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hostile {

// The hostile programs name every process meant to outlive them "hostile-leak" (prctl), so that
// a survivor is recognisable among the other engineers' sandboxes running on the same machine.
// Waits up to `grace_s` for them to go; returns the pids still alive, and kills those (they are
// this test's own processes).
std::vector<int> surviving_hostile_processes(double grace_s);

// Live (not zombie) children of `parent`.
std::vector<int> children_of(int parent);

// Run cgroups ("sudoku-sandbox-<runner pid>") whose runner is gone: leaks.
std::vector<std::string> orphan_cgroups();

// Lines of the host's mount table that mention `dir` (a run's private mounts must never show).
std::vector<std::string> mounts_under(const std::filesystem::path& dir);

// The notes leave_files.c writes, if they reached the host's /tmp, /dev/shm or /var/tmp.
std::vector<std::string> notes_on_host();

}  // namespace hostile
