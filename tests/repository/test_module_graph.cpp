// Data flows one way between the modules: common <- solver <- problem <- formats <- generator, and
// the judge reads problems and test sets through problem/ and formats/, never through the
// generator (CONTRIBUTING.md, "The style in brief"). Checked on the includes of every module's files and on
// the libraries the judge links, which module_links.cmake lists at configure time; and inside the
// solver and the judge, between the folders of src/ (CONTRIBUTING.md, "Layout").
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Each module and the modules whose public headers (sudoku/MODULE/...) it may include.
const std::map<std::string, std::set<std::string>>& allowed_includes() {
    static const std::map<std::string, std::set<std::string>> allowed = {
        {"common", {"common"}},
        {"solver", {"common", "solver"}},
        {"problem", {"common", "solver", "problem"}},
        {"formats", {"common", "solver", "problem", "formats"}},
        {"generator", {"common", "solver", "problem", "formats", "generator"}},
        {"judge", {"common", "solver", "problem", "formats", "judge"}},
    };
    return allowed;
}

std::vector<std::string> quoted_includes(const fs::path& file) {
    static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
    std::vector<std::string> found;
    std::ifstream in(file);
    std::smatch match;
    for (std::string line; std::getline(in, line);)
        if (std::regex_search(line, match, include)) found.push_back(match[1]);
    return found;
}

bool is_source(const fs::path& file) {
    const std::string ext = file.extension().string();
    return ext == ".cpp" || ext == ".hpp" || ext == ".c" || ext == ".h";
}

// "FILE includes sudoku/MODULE/..." for every include of a module that `root`'s module may not use.
std::vector<std::string> includes_against_the_flow(const fs::path& root) {
    std::vector<std::string> found;
    for (const auto& [module, allowed] : allowed_includes()) {
        if (!fs::is_directory(root / module)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / module)) {
            if (!entry.is_regular_file() || !is_source(entry.path())) continue;
            for (const std::string& include : quoted_includes(entry.path())) {
                if (include.rfind("sudoku/", 0) != 0) continue;
                const std::string to = include.substr(7, include.find('/', 7) - 7);
                if (allowed_includes().count(to) && !allowed.count(to))
                    found.push_back(fs::relative(entry.path(), root).generic_string() + " includes " + include);
            }
        }
    }
    return found;
}

// The lines of module_links.txt: "sudoku_judge links: A B ..." and "the generator's targets: ...".
std::map<std::string, std::set<std::string>> module_links(const fs::path& file) {
    std::map<std::string, std::set<std::string>> lists;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::istringstream words(line.substr(colon + 1));
        auto& list = lists[line.substr(0, colon)];
        for (std::string word; words >> word;) list.insert(word);
    }
    return lists;
}

}  // namespace

TEST_CASE("repository: an include against the flow of the modules is found") {
    const fs::path root = fs::temp_directory_path() / "sudoku-repository-modules";
    fs::remove_all(root);
    fs::create_directories(root / "judge/src/contest");
    fs::create_directories(root / "solver/src");
    fs::create_directories(root / "generator/src");
    std::ofstream(root / "judge/src/contest/contest.cpp")
        << "#include \"sudoku/problem/manifest.hpp\"\n#include \"sudoku/generator/test_set.hpp\"\n";
    std::ofstream(root / "solver/src/solve.cpp") << "#  include \"sudoku/problem/problem.hpp\"\n#include <vector>\n";
    std::ofstream(root / "generator/src/build.cpp") << "#include \"sudoku/formats/export.hpp\"\n";
    const auto found = includes_against_the_flow(root);
    CHECK(std::set<std::string>(found.begin(), found.end()) ==
          std::set<std::string>{"judge/src/contest/contest.cpp includes sudoku/generator/test_set.hpp",
                                "solver/src/solve.cpp includes sudoku/problem/problem.hpp"});
    fs::remove_all(root);
}

TEST_CASE("repository: every module includes only the modules below it, and the judge not the generator") {
    const auto found = includes_against_the_flow(SUDOKU_SOURCE_DIR);
    INFO("common <- solver <- problem <- formats <- generator; the judge: all but the generator");
    for (const std::string& include : found) UNSCOPED_INFO(include);
    CHECK(found.empty());
}

TEST_CASE("repository: the judge library links none of the generator's libraries") {
    auto links = module_links(fs::path(SUDOKU_BINARY_DIR) / "tests/repository/module_links.txt");
    const auto& judge = links["sudoku_judge links"];
    const auto& generator = links["the generator's targets"];
    REQUIRE(judge.count("sudoku_problem"));
    REQUIRE(generator.count("sudoku_generator"));
    for (const std::string& target : generator) {
        INFO("sudoku_judge links " << target << ": the judge reads configs and test sets through sudoku_problem");
        CHECK_FALSE(judge.count(target));
    }
}

namespace {

// The folder a file of MODULE belongs to: its folder under MODULE/src; for a public header, the
// judge's concept folder in its path, or the folder of the source of the same name (a header
// without one, or named after no folder, is a node of its own).
struct FolderGraph {
    std::map<std::string, std::set<std::string>> edges;  // folder -> the folders it includes
};

FolderGraph folder_graph(const fs::path& root, const std::string& module) {
    const fs::path src = root / module / "src", include = root / module / "include";
    std::set<std::string> folders;
    for (const auto& entry : fs::directory_iterator(src))
        if (entry.is_directory()) folders.insert(entry.path().filename().string());
    std::map<std::string, std::string> owner;  // a public header's include path -> its folder
    std::vector<std::pair<std::string, fs::path>> files;
    for (const auto& entry : fs::recursive_directory_iterator(include)) {
        if (!entry.is_regular_file()) continue;
        const fs::path relative = fs::relative(entry.path(), include);
        std::vector<std::string> parts(relative.begin(), relative.end());
        std::string folder = relative.generic_string();
        if (parts.size() == 4 && folders.count(parts[2])) {
            folder = parts[2];
        } else {
            const std::string stem = entry.path().stem().string();
            for (const std::string& f : folders)
                if (fs::exists(src / f / (stem + ".cpp")) || f == stem) folder = f;
        }
        owner[relative.generic_string()] = folder;
        files.emplace_back(folder, entry.path());
    }
    for (const std::string& folder : folders)
        for (const auto& entry : fs::recursive_directory_iterator(src / folder))
            if (entry.is_regular_file() && is_source(entry.path())) files.emplace_back(folder, entry.path());
    FolderGraph graph;
    for (const auto& [from, file] : files) {
        graph.edges[from];
        for (const std::string& included : quoted_includes(file)) {
            std::string to;
            if (owner.count(included))
                to = owner.at(included);
            else if (folders.count(included.substr(0, included.find('/'))))
                to = included.substr(0, included.find('/'));
            if (!to.empty() && to != from) graph.edges[from].insert(to);
        }
    }
    return graph;
}

// The folders that lie on a cycle, each cycle's folders together (strongly connected components
// of more than one folder).
std::set<std::set<std::string>> folder_cycles(const FolderGraph& graph) {
    std::map<std::string, std::set<std::string>> reach;
    for (const auto& [from, to] : graph.edges) {
        std::vector<std::string> pending(to.begin(), to.end());
        while (!pending.empty()) {
            const std::string next = pending.back();
            pending.pop_back();
            if (!reach[from].insert(next).second || !graph.edges.count(next)) continue;
            for (const std::string& further : graph.edges.at(next)) pending.push_back(further);
        }
    }
    std::set<std::set<std::string>> cycles;
    for (const auto& [folder, reached] : reach) {
        std::set<std::string> cycle;
        for (const std::string& other : reached)
            if (reach[other].count(folder)) cycle.insert(other);
        if (!cycle.empty()) cycles.insert(cycle);
    }
    return cycles;
}

std::string listed(const std::set<std::set<std::string>>& cycles) {
    std::string text;
    for (const auto& cycle : cycles) {
        text += "{";
        for (const std::string& folder : cycle) text += (text.back() == '{' ? "" : ", ") + folder;
        text += "} ";
    }
    return text.empty() ? "none" : text;
}

}  // namespace

TEST_CASE("repository: folders of a module that include each other in a cycle are found") {
    const fs::path root = fs::temp_directory_path() / "sudoku-repository-folders";
    fs::remove_all(root);
    for (const char* folder : {"solver/src/core", "solver/src/search", "solver/src/nine", "solver/src/format",
                               "solver/include/sudoku/solver"})
        fs::create_directories(root / folder);
    std::ofstream(root / "solver/src/core/grid.cpp") << "#include \"sudoku/solver/grid.hpp\"\n";
    std::ofstream(root / "solver/include/sudoku/solver/grid.hpp") << "#pragma once\n";
    std::ofstream(root / "solver/src/search/solve.cpp")
        << "#include \"sudoku/solver/solve.hpp\"\n#include \"nine/nine.hpp\"\n#include \"sudoku/solver/grid.hpp\"\n";
    std::ofstream(root / "solver/include/sudoku/solver/solve.hpp") << "#include \"sudoku/solver/grid.hpp\"\n";
    std::ofstream(root / "solver/src/nine/nine.hpp") << "#include \"sudoku/solver/solve.hpp\"\n";
    std::ofstream(root / "solver/src/format/formats.cpp") << "#include \"sudoku/solver/grid.hpp\"\n";
    CHECK(folder_cycles(folder_graph(root, "solver")) == std::set<std::set<std::string>>{{"nine", "search"}});
    std::ofstream(root / "solver/src/nine/nine.hpp") << "#include \"sudoku/solver/grid.hpp\"\n";
    CHECK(folder_cycles(folder_graph(root, "solver")).empty());
    fs::remove_all(root);
}

TEST_CASE("repository: the folders of solver/src include each other without a cycle") {
    const auto cycles = folder_cycles(folder_graph(SUDOKU_SOURCE_DIR, "solver"));
    INFO("folders on a cycle: " << listed(cycles) << "(the order: CONTRIBUTING.md, \"Layout\")");
    CHECK(cycles.empty());
}

TEST_CASE("repository: the folders of judge/src include each other without a cycle") {
    const auto cycles = folder_cycles(folder_graph(SUDOKU_SOURCE_DIR, "judge"));
    INFO("folders on a cycle: " << listed(cycles) << "(the order: CONTRIBUTING.md, \"Layout\")");
    CHECK(cycles.empty());
}
