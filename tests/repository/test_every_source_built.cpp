// A test file that no target compiles never runs, and nothing says so: every test source
// (tests/**/test_*.cpp), fuzz target (fuzz/*.cpp) and benchmark (bench/*.cpp) is named by a CMake
// file of its folder or of a folder above it, outside a comment.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

bool skipped_folder(const fs::path& relative) {
    const std::string first = relative.begin()->string();
    return first == ".git" || first.rfind("build", 0) == 0;
}

std::string read_file(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The words of a CMake file outside its comments: a # outside a quoted argument ends the line.
std::vector<std::string> cmake_words(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool quoted = false, comment = false;
    auto flush = [&] {
        if (!word.empty()) words.push_back(word);
        word.clear();
    };
    for (char c : text) {
        if (comment) {
            comment = c != '\n';
            continue;
        }
        if (c == '"') {
            quoted = !quoted;
            flush();
        } else if (c == '#' && !quoted) {
            comment = true;
            flush();
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '(' || c == ')' || c == ';') {
            flush();
        } else {
            word.push_back(c);
        }
    }
    flush();
    return words;
}

// What a word names: a path relative to the CMake file's folder, or to the repository's root
// when it starts with the source directory's variable.
std::string named_path(const std::string& word, const fs::path& folder, const fs::path& root) {
    for (const char* prefix : {"${CMAKE_SOURCE_DIR}/", "${PROJECT_SOURCE_DIR}/", "${ROOT}/"})
        if (word.rfind(prefix, 0) == 0) return (root / word.substr(std::string(prefix).size())).lexically_normal();
    if (word.rfind("${CMAKE_CURRENT_SOURCE_DIR}/", 0) == 0)
        return (folder / word.substr(std::string("${CMAKE_CURRENT_SOURCE_DIR}/").size())).lexically_normal();
    if (word.find("${") != std::string::npos) return "";
    return (folder / word).lexically_normal();
}

bool must_be_built(const fs::path& relative) {
    const std::string first = relative.begin()->string(), name = relative.filename().string();
    if (relative.extension() != ".cpp") return false;
    if (first == "tests") return name.rfind("test_", 0) == 0;
    return (first == "fuzz" || first == "bench") && relative.parent_path() == first;
}

// Every source of `root` that must be built and that no CMake file names, relative to `root`.
std::vector<std::string> unbuilt_sources(const fs::path& root) {
    std::set<std::string> named;
    std::vector<fs::path> sources;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path relative = fs::relative(it->path(), root);
        if (it->is_directory()) {
            if (skipped_folder(relative)) it.disable_recursion_pending();
            continue;
        }
        const std::string name = relative.filename().string();
        if (name == "CMakeLists.txt" || relative.extension() == ".cmake")
            for (const std::string& word : cmake_words(read_file(it->path())))
                named.insert(named_path(word, it->path().parent_path(), root));
        if (must_be_built(relative)) sources.push_back(it->path());
    }
    std::vector<std::string> unbuilt;
    for (const fs::path& source : sources)
        if (!named.count(source.lexically_normal().string())) unbuilt.push_back(fs::relative(source, root).string());
    return unbuilt;
}

}  // namespace

TEST_CASE("repository: a test file that no CMake file names is found") {
    const fs::path root = fs::temp_directory_path() / "sudoku-repository-unbuilt";
    fs::remove_all(root);
    fs::create_directories(root / "tests/judge");
    fs::create_directories(root / "fuzz");
    for (const char* file : {"tests/judge/test_built.cpp", "tests/judge/test_orphan.cpp", "tests/judge/test_named.cpp",
                             "tests/judge/helper.cpp", "fuzz/fuzz_built.cpp", "fuzz/fuzz_orphan.cpp"})
        std::ofstream(root / file) << "int x;\n";
    std::ofstream(root / "tests/judge/CMakeLists.txt")
        << "add_executable(t test_built.cpp \"x.cpp\") # test_orphan.cpp is only named in a comment\n";
    std::ofstream(root / "tests/CMakeLists.txt") << "add_executable(u ${CMAKE_SOURCE_DIR}/fuzz/fuzz_built.cpp)\n";
    std::ofstream(root / "CMakeLists.txt") << "set(S \"tests/judge/test_named.cpp\")\n";
    const auto unbuilt = unbuilt_sources(root);
    CHECK(std::set<std::string>(unbuilt.begin(), unbuilt.end()) ==
          std::set<std::string>{"tests/judge/test_orphan.cpp", "fuzz/fuzz_orphan.cpp"});
    fs::remove_all(root);
}

TEST_CASE("repository: every test file, fuzz target and benchmark is in a CMake target") {
    const auto unbuilt = unbuilt_sources(SUDOKU_SOURCE_DIR);
    INFO("name each in its folder's CMakeLists.txt (a test file no target compiles never runs)");
    for (const std::string& file : unbuilt) UNSCOPED_INFO(file);
    CHECK(unbuilt.empty());
}
