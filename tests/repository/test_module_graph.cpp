// Data flows one way between the modules: common <- solver <- problem <- formats <- generator, and
// the judge reads problems and test sets through problem/ and formats/, never through the
// generator (CONTRIBUTING.md, "The style in brief"). Checked on the includes of every module's files and on
// the libraries the judge links, which module_links.cmake lists at configure time.
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
