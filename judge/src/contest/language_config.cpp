// Reading CONTEST.yaml `languages:` (sudoku/judge/contest/languages.hpp).
#include "contest/language_config.hpp"

#include <algorithm>

namespace sudoku::judge {

void read_languages(const YamlReader& in, const YAML::Node& node, const std::vector<Language>& builtin,
                    std::vector<Language>& languages) {
    if (!node.IsMap())
        in.fail(node, "'languages' expects a mapping: name: {extensions, compile, run, time_multiplier}");
    for (const auto& entry : node) {
        const std::string name = in.text(entry.first, "language");
        if (std::any_of(languages.begin(), languages.end(), [&](const Language& l) { return l.name == name; }))
            in.fail(entry.first, "language '" + name + "' is written twice");
        const YAML::Node spec = entry.second;
        if (!spec.IsMap()) in.fail(spec, "language '" + name + "' expects {extensions, compile, run, time_multiplier}");
        in.only_keys(spec, {"extensions", "compile", "run", "time_multiplier"}, "language '" + name + "'");
        const Language* known = language_named(builtin, name);
        Language l = known ? *known : Language{name, {}, {}, "", "", 1};
        if (const YAML::Node exts = spec["extensions"]) {
            if (!exts.IsSequence() || exts.size() == 0) in.fail(exts, "'extensions' expects a list like [.py]");
            l.extensions.clear();
            for (const auto& e : exts) {
                const std::string ext = in.text(e, "extensions");
                if (ext.size() < 2 || ext[0] != '.' || ext.find_first_of("/. ", 1) != std::string::npos)
                    in.fail(e, "an extension is '.' and a name, like .py, found '" + ext + "'");
                l.extensions.push_back(ext);
            }
        }
        if (spec["compile"]) l.compile = in.text(spec["compile"], "compile");
        if (spec["run"]) l.run = in.text(spec["run"], "run");
        if (spec["time_multiplier"])
            l.time_multiplier = in.number(spec["time_multiplier"], "time_multiplier", language_bounds::kTimeMultiplier);
        if (l.extensions.empty() || l.compile.empty() || l.run.empty())
            in.fail(spec, "language '" + name + "' needs extensions, compile and run");
        if (l.run.find("{src}") != std::string::npos)
            in.fail(spec["run"], "a run command names {main} or {exe}, not {src}");
        languages.push_back(std::move(l));
    }
}

}  // namespace sudoku::judge
