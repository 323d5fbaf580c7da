// CONTEST.yaml `languages:` (sudoku/judge/contest/languages.hpp), read by the contest's one YAML reader.
#pragma once

#include <vector>

#include "sudoku/common/bounds.hpp"
#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/judge/contest/languages.hpp"

namespace sudoku::judge {

namespace language_bounds {
inline constexpr Bounds<double> kTimeMultiplier{0.1, 100};
}  // namespace language_bounds

// Each entry of the `languages` mapping, in order; a built-in language named here keeps what the
// entry does not say (its extensions, say) and takes what it does.
void read_languages(const YamlReader& in, const YAML::Node& node, const std::vector<Language>& builtin,
                    std::vector<Language>& languages);

}  // namespace sudoku::judge
