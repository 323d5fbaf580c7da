// The words the documentation lists for a state are exactly the words of the code's name table:
// docs/results.md (the results.json schema) and docs/judge.md (the runner's record). A state
// added in the code and not documented, or documented and not in the code, fails here.
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "judge_fixture.hpp"
#include "sudoku/common/exit_status.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

using namespace sudoku::judge;
namespace fs = std::filesystem;

namespace {

std::string read_doc(const std::string& relative) {
    const fs::path file = fs::path(SUDOKU_SOURCE_DIR) / relative;
    REQUIRE(fs::exists(file));
    return judge_test::read_text(file);
}

// The table row of the document whose first cell is `first_cell`.
std::string row_of(const std::string& doc, const std::string& first_cell) {
    std::istringstream in(doc);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("| " + first_cell + " |", 0) == 0) return line;
    FAIL("no table row starting with " << first_cell);
    return "";
}

// What follows `field` in `row` up to the next `closing` character.
std::string listed_after(const std::string& row, const std::string& field, char closing) {
    auto at = row.find(field);
    REQUIRE(at != std::string::npos);
    auto begin = row.find_first_not_of(" (|", at + field.size());
    auto end = row.find(closing, begin);
    REQUIRE(end != std::string::npos);
    return row.substr(begin, end - begin);
}

std::set<std::string> backticked(const std::string& text) {
    std::set<std::string> words;
    std::regex word("`([^`]+)`");
    for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it) words.insert((*it)[1]);
    return words;
}

std::set<std::string> spaced(const std::string& text) {
    std::set<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.insert(w);
    return words;
}

template <class E>
std::set<std::string> table_of() {
    std::set<std::string> names;
    for (std::string_view name : EnumNames<E>::names) names.insert(std::string(name));
    return names;
}

}  // namespace

TEST_CASE("names: docs/results.md's results.json problem statuses are exactly the code's ProblemStatus names") {
    std::string row = row_of(read_doc("docs/results.md"), "`contestants[].problems[]`");
    // "`status` (`graded`, ..., `not graded`: why) ...": the words up to the first ':' or ')'.
    std::string list = listed_after(row, "`status`", ')');
    list = list.substr(0, list.find(':'));
    CHECK(backticked(list) == table_of<ProblemStatus>());
}

TEST_CASE("names: docs/results.md's results.json verdicts are exactly the code's Verdict names") {
    std::string row = row_of(read_doc("docs/results.md"), "`tests[]`");
    CHECK(spaced(listed_after(row, "`verdict`", ')')) == table_of<Verdict>());
}

TEST_CASE("names: docs/judge.md's killed_by words are exactly the code's KilledBy names") {
    std::string row = row_of(read_doc("docs/judge.md"), "`killed_by`");
    std::string list = listed_after(row, "`killed_by` |", ':');
    CHECK(backticked(list) == table_of<KilledBy>());
}

TEST_CASE("names: docs/judge.md's cgroups and namespaces words are exactly the code's names") {
    const std::string doc = read_doc("docs/judge.md");
    CHECK(backticked(listed_after(row_of(doc, "`cgroups`"), "`cgroups` |", ':')) == table_of<CgroupsState>());
    CHECK(backticked(listed_after(row_of(doc, "`namespaces`"), "`namespaces` |", ':')) == table_of<NamespacesState>());
}

TEST_CASE("names: docs/exit-status.md's table is exactly the code's exit statuses, number and name") {
    // Its rows: "| `N` | name | meaning |", one per status, in the order of the enum.
    const std::string doc = read_doc("docs/exit-status.md");
    std::vector<std::pair<int, std::string>> documented;
    std::regex row(R"(\| `([0-9]+)` \| ([a-z ]+) \|)");
    for (std::sregex_iterator it(doc.begin(), doc.end(), row), end; it != end; ++it)
        documented.emplace_back(std::stoi((*it)[1]), (*it)[2]);
    std::vector<std::pair<int, std::string>> code;
    int number = 0;
    for (std::string_view name : EnumNames<sudoku::ExitStatus>::names) code.emplace_back(number++, std::string(name));
    CHECK(documented == code);
}

TEST_CASE("names: every state word reads back as its own state, and an unknown word as none") {
    for (std::string_view name : EnumNames<ProblemStatus>::names)
        CHECK(to_string(from_string<ProblemStatus>(name).value()) == name);
    for (std::string_view name : EnumNames<CompileStatus>::names)
        CHECK(to_string(from_string<CompileStatus>(name).value()) == name);
    CHECK(to_string(ProblemStatus::not_graded) == "not graded");
    CHECK_FALSE(from_string<KilledBy>("memory").has_value());
    CHECK_FALSE(from_string<CgroupsState>("").has_value());
}

TEST_CASE("runner record: a state word outside its table is a judge fault, not a silent state") {
    const std::string head = "cpu: 0.010\nwall: 0.020\npeak_kib: 1000\nexit_code: 0\noom: 0\nuid: 65534\n";
    RunRecord good = parse_run_record(head + "killed_by: output\ncgroups: v2\nnamespaces: on\n");
    CHECK(good.error.empty());
    CHECK(good.killed_by == KilledBy::output);
    CHECK(good.cgroups == CgroupsState::v2);
    CHECK(good.namespaces == NamespacesState::on);
    RunRecord bad = parse_run_record(head + "killed_by: memory\ncgroups: v2\nnamespaces: on\n");
    CHECK(bad.error == "the sandbox's result record has a bad line: killed_by: memory");
    CHECK(parse_run_record(head + "killed_by: none\ncgroups: v3\n").error.find("cgroups: v3") != std::string::npos);
}

TEST_CASE("journal: compile lines in the words journals have always held read back as their states") {
    const fs::path dir = judge_test::scratch("journal-words");
    judge_test::write_text(dir / "journal.jsonl",
                           R"({"compile":{"contestant":"a","problem":"p","status":"ok","message":""}})"
                           "\n"
                           R"({"compile":{"contestant":"b","problem":"p","status":"CE","message":"error"}})"
                           "\n"
                           R"({"compile":{"contestant":"c","problem":"p","status":"FAIL","message":"fault"}})"
                           "\n"
                           R"({"compile":{"contestant":"d","problem":"p","status":"missing","message":""}})"
                           "\n"
                           R"({"compile":{"contestant":"e","problem":"p","status":"graded","message":""}})"
                           "\n");
    sudoku::judge::Journal journal(dir / "journal.jsonl");
    CHECK(journal.compile("a", "p")->status == CompileStatus::ok);
    CHECK(journal.compile("b", "p")->status == CompileStatus::CE);
    CHECK(journal.compile("c", "p")->status == CompileStatus::FAIL);
    CHECK(journal.compile("d", "p")->status == CompileStatus::missing);
    CHECK_FALSE(journal.compile("e", "p").has_value());  // not a compile status: the line is ignored
}
