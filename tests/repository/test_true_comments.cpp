// Comments stay true when files move: every file a comment names exists in the tree, and no
// comment tags a line with a number that points into a list kept elsewhere (a hash and a number,
// or a numbered stop of the work).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Files of other projects a comment may name: where a behaviour was read, or what a user brings.
const std::map<std::string, std::string>& named_elsewhere() {
    static const std::map<std::string, std::string> names = {
        {"judgingthread.cpp", "LemonLime's judge, whose verdicts the Lemon import follows"},
        {"taskjudger.cpp", "LemonLime's scorer"},
        {"src/core/{contest,task,testcase}.cpp", "LemonLime's contest file reader"},
        {"testlib.h", "the checker library a problem's checker includes"},
        {"Catch.cmake", "Catch2's CMake module"},
        {"t.cpp", "a contestant's submission to a problem named t"},
        {"t.c", "a contestant's submission to a problem named t"},
        {"accepted-hello.cpp", "a package's submission as the judge names it"},
        {"b.c", "of the submission names \"a b.c\" and \"a#b.c\", which a name cannot hold"},
        {"testdata/checker.cpp", "a Hydro package's checker"},
        {"check/checker.cpp", "a CMS task's checker"},
        {"output_validators/sudoku/validate.cpp", "a Kattis package's output validator"},
        {"output_validator/validate.cpp", "a 2025-09 Kattis package's output validator"},
        {"input_validators/sudoku/validate.cpp", "a Kattis package's input validator"},
        {"{a,b}.py", "a pattern of a Kattis package's submissions.yaml"},
        {"a.py", "a submission a Kattis package's submissions.yaml names by pattern"},
        {"b.py", "a submission a Kattis package's submissions.yaml names by pattern"},
        {"answer.h", "a file a Kattis package's include/<language>/ adds to every submission"},
        {"include/cpp/answer.h", "a Kattis package's file added to every C++ submission"},
        {"include/default/answer.h", "a Kattis package's file added to every submission"},
        {"../package/include/cpp/grader.h", "a Kattis package's file an imported problem adds to submissions"},
    };
    return names;
}

enum class Syntax { none, cpp, hash, table };

Syntax syntax_of(const fs::path& relative) {
    const std::string ext = relative.extension().string(), first = relative.begin()->string();
    if (ext == ".cpp" || ext == ".hpp" || ext == ".c" || ext == ".h") return Syntax::cpp;
    if (ext == ".cmake" || ext == ".sh" || ext == ".py" || relative.filename() == "CMakeLists.txt") return Syntax::hash;
    if (ext.empty() && (first == "scripts" || first == ".ci" || first == "fuzz")) return Syntax::hash;
    if (ext == ".tsv") return Syntax::table;
    return Syntax::none;
}

// Not the project's tree: git, build folders, generated test data.
bool outside_tree(const fs::path& relative) {
    const std::string first = relative.begin()->string(), path = relative.generic_string();
    return first == ".git" || first.rfind("build", 0) == 0 || first == "testdata";
}

// Contestants' programs are what they are: their comments are not the project's.
bool contestant_program(const fs::path& relative) {
    const std::string path = relative.generic_string();
    return path.find("/programs/") != std::string::npos || path.find("/contestants/") != std::string::npos;
}

// The comment part of a line ("" when it has none). A table's rows are all description.
std::string comment_of(const std::string& line, Syntax syntax, bool& in_block) {
    if (syntax == Syntax::table) return line;
    if (syntax == Syntax::hash) {
        for (size_t at = line.find('#'); at != std::string::npos; at = line.find('#', at + 1))
            if (at == 0 || line[at - 1] == ' ' || line[at - 1] == '\t') return line.substr(at);
        return "";
    }
    if (in_block) {
        const size_t end = line.find("*/");
        in_block = end == std::string::npos;
        return line.substr(0, end);
    }
    // The first comment start outside a string or character literal.
    char quote = 0;
    for (size_t at = 0; at + 1 < line.size(); ++at) {
        const char c = line[at];
        if (quote) {
            if (c == '\\')
                ++at;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '/' && line[at + 1] == '/') {
            return line.substr(at);
        } else if (c == '/' && line[at + 1] == '*') {
            in_block = line.find("*/", at + 2) == std::string::npos;
            return line.substr(at);
        }
    }
    return "";
}

// The names `name` stands for: a brace list {a,b} expands; a brace without a comma is a placeholder.
std::vector<std::string> expanded(const std::string& name) {
    const size_t open = name.find('{'), close = name.find('}');
    if (open == std::string::npos || close == std::string::npos || close < open) return {name};
    const std::string inside = name.substr(open + 1, close - open - 1);
    if (inside.find(',') == std::string::npos) return {};
    std::vector<std::string> names;
    for (size_t from = 0;;) {
        const size_t comma = inside.find(',', from);
        names.push_back(name.substr(0, open) + inside.substr(from, comma - from) + name.substr(close + 1));
        if (comma == std::string::npos) return names;
        from = comma + 1;
    }
}

struct Tree {
    std::set<std::string> paths;  // relative, with '/'
    std::set<std::string> names;  // file names alone
    bool has(const std::string& name) const {
        if (name.find('/') == std::string::npos) return names.count(name) > 0;
        std::string path = name;
        while (path.rfind("./", 0) == 0 || path.rfind("../", 0) == 0) path.erase(0, path.find('/') + 1);
        for (const std::string& p : paths)
            if (p == path ||
                (p.size() > path.size() && p.compare(p.size() - path.size() - 1, std::string::npos, "/" + path) == 0))
                return true;
        return false;
    }
};

struct Finding {
    std::string where, what;
};

void check_comment(const std::string& comment, const std::string& where, const Tree& tree,
                   std::vector<Finding>& found) {
    static const std::regex file_name(R"((^|[^\w./${}*-])([\w.{},-][\w./{},-]*\.(cpp|hpp|h|c|cmake|sh|py|md))\b)");
    static const std::regex number_tag(R"((^|[\s(])#[0-9]+\b)");
    static const std::regex numbered_stop(std::string("\\b[Ss]to") + "p [0-9]+\\b");
    for (auto it = std::sregex_iterator(comment.begin(), comment.end(), file_name); it != std::sregex_iterator();
         ++it) {
        const std::string name = (*it)[2];
        if (named_elsewhere().count(name)) continue;
        for (const std::string& one : expanded(name))
            if (!tree.has(one)) found.push_back({where, "names " + one + ", which is not in the tree"});
    }
    if (std::regex_search(comment, number_tag))
        found.push_back({where, "a #number tag, pointing into a list that is not here"});
    if (std::regex_search(comment, numbered_stop)) found.push_back({where, "a numbered work period"});
}

// Every comment of `root`'s project files that names a missing file or carries a number tag.
std::vector<Finding> untrue_comments(const fs::path& root) {
    Tree tree;
    std::vector<fs::path> read;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path relative = fs::relative(it->path(), root);
        if (outside_tree(relative)) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (it->is_directory()) continue;
        tree.paths.insert(relative.generic_string());
        tree.names.insert(relative.filename().string());
        if (syntax_of(relative) != Syntax::none && !contestant_program(relative)) read.push_back(relative);
    }
    std::vector<Finding> found;
    for (const fs::path& relative : read) {
        std::ifstream in(root / relative);
        bool in_block = false;
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            const std::string comment = comment_of(line, syntax_of(relative), in_block);
            if (!comment.empty())
                check_comment(comment, relative.generic_string() + ":" + std::to_string(number), tree, found);
        }
    }
    return found;
}

}  // namespace

TEST_CASE("repository: a comment naming a missing file, a #number tag or a numbered stop is found") {
    const fs::path root = fs::temp_directory_path() / "sudoku-repository-comments";
    fs::remove_all(root);
    fs::create_directories(root / "solver/src/search");
    // The planted comments' markers in pieces, so that this file's own comments stay true.
    const std::string line_comment = std::string("/") + "/", block_start = std::string("/") + "*";
    std::ofstream(root / "solver/src/search/general.cpp") << line_comment << " the search (search/general.hpp)\n";
    std::ofstream(root / "solver/src/search/general.hpp")
        << line_comment << " see solver_general.cpp and general.cpp\nint x;  " << line_comment
        << " as kernel_{a,b}.cpp and {exe}.c do\n"
        << block_start << " a block comment\n   naming gone.hpp */\nconst char* s = \"#1 in a string\";\n";
    std::ofstream(root / "solver/src/search/kernel_a.cpp") << line_comment << " #2: measured there\n";
    std::ofstream(root / "notes.tsv") << "name\tnote\nx\tsee "
                                      << "st"
                                      << "op 27\n";
    std::vector<std::string> found;
    for (const Finding& f : untrue_comments(root)) found.push_back(f.where + " " + f.what);
    CHECK_THAT(found, Catch::Matchers::UnorderedEquals(std::vector<std::string>{
                          "solver/src/search/general.hpp:1 names solver_general.cpp, which is not in the tree",
                          "solver/src/search/general.hpp:2 names kernel_b.cpp, which is not in the tree",
                          "solver/src/search/general.hpp:4 names gone.hpp, which is not in the tree",
                          "solver/src/search/kernel_a.cpp:1 a #number tag, pointing into a list that is not here",
                          "notes.tsv:2 a numbered work period"}));
    fs::remove_all(root);
}

TEST_CASE("repository: every file a comment names exists, and no comment carries a #number tag") {
    const auto found = untrue_comments(SUDOKU_SOURCE_DIR);
    INFO("a file moved or renamed: name it where it is now; a number tag: say what it stands for");
    for (const Finding& f : found) UNSCOPED_INFO(f.where << ": " << f.what);
    CHECK(found.empty());
}
