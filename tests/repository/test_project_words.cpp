// The repository speaks of the project only: what it does and why. Its history lives in git, so no
// file names the work periods or tracker entries that asked for a change ("as asked in the second
// period of work", "see entry 12"), and no document is a dated log ("## <a date>: what was done").
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = SUDOKU_SOURCE_DIR;

// Text the project wrote: not build folders, git, the shipped test data or the public datasets.
bool is_read(const fs::path& relative) {
    const std::string first = relative.begin()->string();
    if (first == ".git" || first.rfind("build", 0) == 0 || first == "testdata") return false;
    if (relative.string().rfind("tests/data/", 0) == 0) return false;
    if (relative.string().rfind("examples/", 0) == 0 && relative.string().find("/testdata/") != std::string::npos)
        return false;
    const std::string ext = relative.extension().string();
    for (const char* e : {".cpp", ".hpp", ".c", ".h", ".md", ".txt", ".tsv", ".yaml", ".yml", ".sh", ".cmake", ".py"})
        if (ext == e) return true;
    return ext.empty() && (first == "scripts" || first == ".ci" || first == "fuzz");
}

// The words, spelled in pieces so that this file does not name them itself.
const std::vector<std::pair<std::regex, std::string>>& tracker_words() {
    static const std::vector<std::pair<std::regex, std::string>> words = {
        {std::regex(std::string("\\b[Ss]es") + "sions? [0-9]"), "a numbered work period"},
        {std::regex(std::string("\\b[Ii]ss") + "ues? #?[0-9]"), "a tracker number"},
        {std::regex(std::string("\\b[Tt]ic") + "kets?\\b"), "a tracker entry"},
        {std::regex(std::string("\\b[Tt]u") + "rn [0-9]"), "a numbered work period"},
        {std::regex(std::string("^#+ .*\\b20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]")), "a dated log section"},
    };
    return words;
}

}  // namespace

TEST_CASE("repository: no file names a work period, a tracker entry or a dated log section") {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(kRoot); it != fs::recursive_directory_iterator(); ++it) {
        const fs::path relative = fs::relative(it->path(), kRoot);
        if (it->is_directory()) {
            if (!is_read(relative / "x.md")) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file() || !is_read(relative)) continue;
        std::ifstream in(it->path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number)
            for (const auto& [pattern, what] : tracker_words())
                if (std::regex_search(line, pattern))
                    found.push_back(relative.string() + ":" + std::to_string(number) + ": " + what + ": " +
                                    line.substr(0, 120));
    }
    INFO("say what the project does and why; history lives in git");
    for (const std::string& f : found) UNSCOPED_INFO(f);
    CHECK(found.empty());
}
