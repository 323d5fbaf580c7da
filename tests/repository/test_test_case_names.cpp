// ctest runs each Catch2 test case by its name, which catch_discover_tests passes through a CMake
// list and then Catch2's test-spec parser. A name that either of them reads as syntax reaches
// Catch2 as another name, which matched nothing and passed without running. Every TEST_CASE name
// of tests/, bench/ and fuzz/ must go through both unchanged.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct NamedCase {
    std::string place;  // file:line
    std::string name;
};

// Why ctest cannot run a test case of this name as written; empty if it can.
std::string unrunnable_because(const std::string& name) {
    for (char c : name) {
        if (c == ';') return "';' separates a CMake list: discovery cuts the name there";
        if (c == '[' || c == ']') return "'[' and ']' group a CMake list's items and start a Catch2 tag";
        if (c == '\\') return "'\\' escapes the next character in a CMake list and in a Catch2 filter";
        if (static_cast<unsigned char>(c) < 0x20) return "a control character does not survive the listing";
    }
    if (name.empty()) return "an empty name selects every test case";
    if (name.front() == '~') return "a leading '~' excludes in a Catch2 filter";
    if (name.front() == '#') return "Catch2 lists a name with a leading '#' in quotes";
    if (name.front() == '"') return "a leading '\"' quotes in a Catch2 filter";
    if (name.front() == '*' || name.back() == '*') return "a leading or trailing '*' is a Catch2 wildcard";
    if (name.front() == ' ' || name.back() == ' ') return "Catch2's filter drops a leading space";
    if (name.rfind("exclude:", 0) == 0) return "a leading 'exclude:' excludes in a Catch2 filter";
    return "";
}

// Each TEST_CASE of a C++ source whose name is string literals (adjacent ones joined), with the
// line of its TEST_CASE. A name built by a macro is not seen.
std::vector<NamedCase> test_case_names(const std::string& text, const std::string& file) {
    std::vector<NamedCase> cases;
    const std::string macro = "TEST_CASE";
    for (std::size_t at = text.find(macro); at != std::string::npos; at = text.find(macro, at + 1)) {
        const bool word_before =
            at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
        std::size_t p = at + macro.size();
        while (p < text.size() && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n')) ++p;
        if (word_before || p >= text.size() || text[p] != '(') continue;
        ++p;
        std::string name;
        bool literal = false;
        for (;;) {
            while (p < text.size() && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n')) ++p;
            if (p >= text.size() || text[p] != '"') break;
            literal = true;
            for (++p; p < text.size() && text[p] != '"' && text[p] != '\n'; ++p) {
                if (text[p] == '\\' && p + 1 < text.size()) {
                    const char escaped = text[++p];
                    name.push_back(escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped);
                } else {
                    name.push_back(text[p]);
                }
            }
            ++p;
        }
        if (!literal) continue;
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        cases.push_back({file + ":" + std::to_string(line), name});
    }
    return cases;
}

std::string read_file(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// "file:line: name: why" for each test case under `root` that ctest cannot run as written.
std::vector<std::string> unrunnable_cases(const fs::path& root) {
    std::vector<std::string> found;
    for (const char* top : {"tests", "bench", "fuzz"}) {
        if (!fs::is_directory(root / top)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
            const auto extension = entry.path().extension();
            if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".hpp")) continue;
            const std::string file = fs::relative(entry.path(), root).string();
            for (const NamedCase& named : test_case_names(read_file(entry.path()), file))
                if (const std::string why = unrunnable_because(named.name); !why.empty())
                    found.push_back(named.place + ": \"" + named.name + "\": " + why);
        }
    }
    return found;
}

}  // namespace

TEST_CASE("repository: a test case name that ctest cannot run as written is found, with its file and line") {
    const fs::path root = fs::temp_directory_path() / "sudoku-repository-case-names";
    fs::remove_all(root);
    fs::create_directories(root / "tests/judge");
    // The macro's name is split here so that this file's own scan does not read these lines.
    const std::string macro = std::string("TEST_") + "CASE";
    std::ofstream(root / "tests/judge/test_names.cpp")
        << macro << "(\"judge: a plain sentence, with a comma\") {}\n"
        << macro << "(\"judge: refused; then retried\") {}\n"
        << macro << "(\n    \"judge: a long name \"\n    \"split over [two] literals\",\n    \"[serial]\") {}\n"
        << macro << "(\"~judge: negated\") {}\n"
        << macro << "(\"judge: a path C:\\\\x\") {}\n"
        << "MY_" << macro << "(\"judge: another macro; not Catch2's\") {}\n";
    const auto found = unrunnable_cases(root);
    REQUIRE(found.size() == 4);
    CHECK(found[0].rfind("tests/judge/test_names.cpp:2: \"judge: refused; then retried\": ';'", 0) == 0);
    CHECK(found[1].rfind("tests/judge/test_names.cpp:3: \"judge: a long name split over [two] literals\"", 0) == 0);
    CHECK(found[2].rfind("tests/judge/test_names.cpp:7: \"~judge: negated\"", 0) == 0);
    CHECK(found[3].rfind("tests/judge/test_names.cpp:8: \"judge: a path C:\\x\"", 0) == 0);
    fs::remove_all(root);
}

TEST_CASE("repository: every test case's name reaches ctest as written") {
    const auto found = unrunnable_cases(SUDOKU_SOURCE_DIR);
    INFO("rename each (keep the sentence: ',' or ':' for ';'); ctest would run a name that matches nothing");
    for (const std::string& place : found) UNSCOPED_INFO(place);
    CHECK(found.empty());
}
