// The files of a package as a reader may touch them: inside the package (a link may point only
// within it), regular, of bounded size; every refusal collected, not thrown.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku::formats {

// Every refusal of one package, in the order found.
struct Refusals {
    std::vector<Diagnostic> list;
    void add(const std::filesystem::path& file, int line, const std::string& message) {
        list.push_back(Diagnostic{file.string(), line, 0, message});
    }
    bool empty() const { return list.empty(); }
};

class PackageFiles {
public:
    explicit PackageFiles(const std::filesystem::path& root);

    const std::filesystem::path& root() const { return root_; }

    // `path` (inside the root) as a regular file whose target lies inside the package (a link:
    // its target), or nullopt with the refusal added.
    std::optional<std::filesystem::path> regular(const std::filesystem::path& path, Refusals& refusals) const;

    // The entries of a folder (links to folders inside the package followed), sorted by name.
    std::vector<std::filesystem::path> list(const std::filesystem::path& dir, Refusals& refusals) const;

    bool is_dir(const std::filesystem::path& path) const;
    bool exists(const std::filesystem::path& path) const;

    // A small text file (problem.yaml, testdata.yaml, an ini), at most `max_bytes`.
    std::optional<std::string> text(const std::filesystem::path& path, Refusals& refusals,
                                    std::uintmax_t max_bytes = std::uintmax_t{1} << 20) const;

    // `path` relative to the root, for messages and names.
    std::string relative(const std::filesystem::path& path) const;

private:
    bool inside(const std::filesystem::path& path) const;
    std::filesystem::path root_;
};

}  // namespace sudoku::formats
