// A contest's problems have distinct names: results, the journal's keys and the contestants'
// files go by the name, so a second problem of one name would silently take the first one's place.
#include "judge_fixture.hpp"

using namespace judge_test;
using sudoku::Diagnostic;

namespace {

void add_test(const fs::path& dir, const std::string& name, const std::string& in, const std::string& ans) {
    write_text(dir / (name + ".in"), in);
    write_text(dir / (name + ".ans"), ans);
}

std::string refusal_of(const fs::path& contest_file) {
    auto contest = sudoku::judge::load_contest(contest_file);
    REQUIRE(std::holds_alternative<Diagnostic>(contest));
    return std::get<Diagnostic>(contest).to_string();
}

}  // namespace

TEST_CASE("problem names: a problem.yaml naming itself as another problem is refused with both places") {
    const fs::path dir = scratch("names-plain");
    add_test(dir / "testdata/p", "1", "1 2\n", "3\n");
    add_test(dir / "testdata/q", "1", "5 5\n", "10\n");
    write_text(dir / "testdata/q/problem.yaml", "title: Q\nname: p\n");
    write_text(dir / "contest.yaml", "name: Clash\nproblems:\n  - p\n  - q\n");
    fs::create_directories(dir / "contestants");
    const std::string why = refusal_of(dir / "contest.yaml");
    CHECK_THAT(why, Catch::Contains("'p'"));
    CHECK_THAT(why, Catch::Contains((dir / "contest.yaml").string() + ":3"));  // p: its folder's name
    CHECK_THAT(why, Catch::Contains((dir / "testdata/q/problem.yaml").string() + ":2"));
}

TEST_CASE("problem names: two sudoku configs with one name are refused with both config lines") {
    const fs::path dir = scratch("names-config");
    write_sum_contest(dir);
    fs::create_directories(dir / "configs");
    write_text(dir / "configs/again.yaml", "\n" + read_text(dir / "testdata/sum/config.yaml"));
    write_text(dir / "contest.yaml",
               "name: Sum contest\nproblems:\n  - sum\n  - config: configs/again.yaml\n    testdata: testdata/sum\n");
    const std::string why = refusal_of(dir / "contest.yaml");
    CHECK_THAT(why, Catch::Contains("'sum'"));
    CHECK_THAT(why, Catch::Contains((dir / "testdata/sum/config.yaml").string() + ":1"));
    CHECK_THAT(why, Catch::Contains((dir / "configs/again.yaml").string() + ":2"));
}

TEST_CASE("problem names: distinct names load as before") {
    const fs::path dir = scratch("names-distinct");
    add_test(dir / "testdata/p", "1", "1 2\n", "3\n");
    add_test(dir / "testdata/q", "1", "5 5\n", "10\n");
    write_text(dir / "testdata/q/problem.yaml", "name: r\n");
    write_text(dir / "contest.yaml", "name: Fine\nproblems: [p, q]\n");
    fs::create_directories(dir / "contestants");
    auto contest = sudoku::judge::load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<Diagnostic>(&contest)) FAIL(d->to_string());
    CHECK(std::get<sudoku::judge::Contest>(contest).problems.size() == 2);
}
