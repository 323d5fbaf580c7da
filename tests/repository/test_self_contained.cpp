// A clone with nothing beside it must build and pass its tests: no build file, script, source or
// config of the repository may name a path outside it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = SUDOKU_SOURCE_DIR;

// What the check reads: what builds, runs or configures something. Prose (docs/, *.md) may name
// example paths of a cluster; the datasets are data.
bool is_checked(const fs::path& relative) {
    const std::string first = relative.begin()->string();
    if (first == ".git" || first.rfind("build", 0) == 0 || first == "docs") return false;
    if (relative.string().rfind("tests/data/", 0) == 0) return false;
    const std::string name = relative.filename().string(), ext = relative.extension().string();
    if (name == "CMakeLists.txt") return true;
    for (const char* e : {".cpp", ".hpp", ".c", ".h", ".cmake", ".sh", ".yaml", ".yml", ".py"})
        if (ext == e) return true;
    // Extensionless executables: scripts/*, .ci/run, fuzz/run.
    return ext.empty() && (first == "scripts" || first == ".ci" || first == "fuzz");
}

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The longest run of "../" segments (a ".." between separators or at an end) starting at `at`.
int parent_run(const std::string& text, std::size_t at) {
    int run = 0;
    while (text.compare(at, 2, "..") == 0 && (at + 2 == text.size() || text[at + 2] == '/' || text[at + 2] == '"' ||
                                              text[at + 2] == '\'' || text[at + 2] == ')' || text[at + 2] == ' ')) {
        ++run;
        if (at + 2 >= text.size() || text[at + 2] != '/') break;
        at += 3;
    }
    return run;
}

// Each place in `text` (the file at `relative`) that reaches outside the repository, as "line: why".
std::vector<std::string> escapes(const fs::path& relative, const std::string& text) {
    const int depth = static_cast<int>(std::distance(relative.begin(), relative.end())) - 1;
    std::vector<std::string> found;
    auto line_of = [&](std::size_t at) { return 1 + std::count(text.begin(), text.begin() + at, '\n'); };
    for (std::size_t at = 0; at + 1 < text.size(); ++at) {
        const bool segment_start = at == 0 || text[at - 1] == '/' || text[at - 1] == '"' || text[at - 1] == '\'' ||
                                   text[at - 1] == ' ' || text[at - 1] == '(' || text[at - 1] == '=';
        if (!segment_start || text.compare(at, 2, "..") != 0) continue;
        const int run = parent_run(text, at);
        if (run == 0) continue;
        // After the repository's root variable the run climbs from the root, not from this file.
        bool from_root = false;
        for (const char* root : {"{CMAKE_SOURCE_DIR}/", "{PROJECT_SOURCE_DIR}/", "SUDOKU_SOURCE_DIR) + \"/"})
            if (at >= std::strlen(root) && text.compare(at - std::strlen(root), std::strlen(root), root) == 0)
                from_root = true;
        if (run > (from_root ? 0 : depth))
            found.push_back(std::to_string(line_of(at)) + ": climbs " + std::to_string(run) + " folder(s) up");
        at += 3 * run - 1;
    }
    for (const char* absolute : {"\"/w"
                                 "ork/",
                                 "\"/h"
                                 "ome/",
                                 "\"/r"
                                 "oot/"})
        for (auto at = text.find(absolute); at != std::string::npos; at = text.find(absolute, at + 1))
            found.push_back(std::to_string(line_of(at)) + ": absolute path " + std::string(absolute + 1));
    return found;
}

}  // namespace

TEST_CASE("repository: the check sees a path that climbs out of the repository") {
    CHECK(escapes("CMakeLists.txt",
                  "set(D \"${CMAKE_SOURCE_DIR}/."
                  "./shared/datasets\")")
              .size() == 1);
    CHECK(escapes("bench/x.cpp",
                  "read(\"../../."
                  "./shared/datasets/a.txt\");")
              .size() == 1);
    CHECK(escapes("scripts/test", "cd \"$(dirname \"$0\")/..\"").empty());
    CHECK(escapes("tests/support/a.cpp", "#include \"../b.hpp\"").empty());
    CHECK(escapes("fuzz/CMakeLists.txt", "set(ROOT ${CMAKE_CURRENT_SOURCE_DIR}/..)").empty());
    CHECK(escapes("tests/a.cpp",
                  "open(\"/work"
                  "/main/x\")")
              .size() == 1);
}

TEST_CASE("repository: no build file, script, source or config names a path outside the repository") {
    std::size_t checked = 0;
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(kRoot); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path relative = fs::relative(it->path(), kRoot);
        if (it->is_directory()) {
            const std::string name = relative.filename().string();
            if (name == ".git" || (relative.begin()->string().rfind("build", 0) == 0)) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file() || !is_checked(relative)) continue;
        ++checked;
        for (const auto& where : escapes(relative, read_all(it->path())))
            found.push_back(relative.string() + ":" + where);
    }
    INFO("files checked: " << checked);
    CHECK(checked > 100);
    for (const auto& f : found) UNSCOPED_INFO(f);
    CHECK(found.empty());
}

TEST_CASE("repository: the datasets the tests and benchmarks read are in the repository") {
    for (const char* name :
         {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
          "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
        INFO(name);
        CHECK(fs::is_regular_file(kRoot / "tests" / "data" / name));
    }
    CHECK(fs::weakly_canonical(SUDOKU_DATASETS_DIR) == fs::weakly_canonical(kRoot / "tests" / "data"));
}
