// Protections: their words, their order of strength, and the line that describes them.
#include "sudoku/judge/runner_client/protections.hpp"

#include <algorithm>
#include <vector>

namespace sudoku::judge {

namespace {

// Strength, weakest first: without namespaces the program sees the host; in a user namespace
// (rootless) it has the same namespaces but is the judge's own user outside them.
int strength(NamespacesState n) {
    switch (n) {
        case NamespacesState::off:
            return 0;
        case NamespacesState::user:
            return 1;
        case NamespacesState::on:
            return 2;
    }
    return 0;
}

template <class State>
State state_of(const nlohmann::json& j, const char* key) {
    const std::string word = j.at(key).get<std::string>();
    auto state = from_string<State>(word);
    if (!state) throw nlohmann::json::other_error::create(501, std::string("unknown ") + key + " '" + word + "'", &j);
    return *state;
}

}  // namespace

Protections weakest(const Protections& a, const Protections& b) {
    Protections w;
    // off < v1 < v2: v1 has no per-group peak of its own under a resident runner; v2 does.
    w.cgroups = std::min(a.cgroups, b.cgroups);
    w.namespaces = strength(a.namespaces) <= strength(b.namespaces) ? a.namespaces : b.namespaces;
    w.uid = a.uid == 0 || b.uid == 0 ? 0 : (a.uid == b.uid ? a.uid : std::max(a.uid, b.uid));
    w.pinned = a.pinned && b.pinned;
    return w;
}

std::string Protections::describe() const {
    std::vector<std::string> missing;
    std::string s = "cgroups " + std::string(to_string(cgroups));
    if (cgroups != CgroupsState::off)
        s += " (CPU of the whole tree, resident peak, process count)";
    else
        s += " (CPU and resident memory of the tree polled from /proc every 1 ms; process count by rlimit)";
    if (cgroups == CgroupsState::off) missing.push_back("cgroups");
    s += "; namespaces " + std::string(to_string(namespaces));
    if (namespaces == NamespacesState::on) s += " (mount, pid, net, ipc, uts)";
    if (namespaces == NamespacesState::user) s += " (user, then mount, pid, net, ipc, uts: rootless)";
    if (namespaces == NamespacesState::off) {
        s += " (network and files NOT isolated)";
        missing.push_back("namespaces");
    }
    s += "; runs as uid " + std::to_string(uid);
    if (uid == 0) {
        s += " (NOT dropped)";
        missing.push_back("uid drop");
    }
    s += pinned ? "; pinned to a CPU" : "; not pinned";
    if (!pinned) missing.push_back("CPU pinning");
    s += "; missing: ";
    if (missing.empty()) return s + "none";
    for (size_t i = 0; i < missing.size(); ++i) s += (i ? ", " : "") + missing[i];
    return s;
}

nlohmann::json to_json(const Protections& p) {
    return nlohmann::json{{"cgroups", to_string(p.cgroups)},
                          {"namespaces", to_string(p.namespaces)},
                          {"uid", p.uid},
                          {"pinned", p.pinned}};
}

Protections protections_from_json(const nlohmann::json& j) {
    Protections p;
    p.cgroups = state_of<CgroupsState>(j, "cgroups");
    p.namespaces = state_of<NamespacesState>(j, "namespaces");
    p.uid = j.at("uid").get<int>();
    p.pinned = j.at("pinned").get<bool>();
    return p;
}

}  // namespace sudoku::judge
