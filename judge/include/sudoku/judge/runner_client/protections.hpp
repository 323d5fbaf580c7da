// What protected a run, as its runner reported it, and what protected a whole contest: the weakest
// of its runs, protection by protection. The start-up line, results.json (`protections`,
// `sandbox`, per shard after a merge) and report.html all describe one of these, never a guess.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::judge {

struct Protections {
    CgroupsState cgroups = CgroupsState::off;
    NamespacesState namespaces = NamespacesState::off;
    int uid = -1;         // the program's uid as the host sees it (0: not dropped)
    bool pinned = false;  // the run was pinned to one CPU of the judge's allowed set

    bool operator==(const Protections&) const = default;
    // One line: every protection with what it means, ending with exactly which ones are missing.
    std::string describe() const;
};

// Protection by protection, the weaker of the two (a contest is as protected as its least protected run).
Protections weakest(const Protections& a, const Protections& b);

// {"cgroups": "v1", "namespaces": "on", "uid": 65534, "pinned": true} (journal, results.json).
nlohmann::json to_json(const Protections& p);
Protections protections_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

}  // namespace sudoku::judge
