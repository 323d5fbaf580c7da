// The group tree a built test set maps to (sudoku/problem/test_set_groups.hpp), checked against the
// model's invariants and its scoring: per-test points for each accepted test, per-group points only
// when every test of the group passes, samples worth nothing.
#include <catch2/catch.hpp>

#include "sudoku/problem/scoring.hpp"
#include "sudoku/problem/test_set_groups.hpp"

namespace sp = sudoku::problem;

TEST_CASE("test set groups: data holds sample and secret, then secret/<g> in the given order") {
    const auto groups = sp::test_set_groups({{"easy", false, 5}, {"hard", true, 30}});
    REQUIRE(groups.size() == 5);
    CHECK(groups[0].name == "data");
    CHECK(groups[0].parent.empty());
    CHECK(groups[0].ignore_sample);
    CHECK(groups[1].name == "sample");
    CHECK(groups[1].sample);
    CHECK(groups[1].accept_score == 0);
    CHECK(groups[2].name == "secret");
    CHECK(groups[3].name == "secret/easy");
    CHECK(groups[3].parent == "secret");
    CHECK(groups[4].name == "secret/hard");
    CHECK(groups[4].aggregation == sp::Aggregation::pass_fail);
}

TEST_CASE("test set groups: a test of sample is a sample, and the tree scores as its config says") {
    sp::Problem p;
    p.groups = sp::test_set_groups({{"easy", false, 5}, {"hard", true, 30}});
    p.tests.push_back(sp::test_set_test("sample/01", "s.in", "s.ans", "sample"));
    p.tests.push_back(sp::test_set_test("secret/easy/01", "1.in", "1.ans", "secret/easy"));
    p.tests.push_back(sp::test_set_test("secret/easy/02", "2.in", "2.ans", "secret/easy"));
    p.tests.push_back(sp::test_set_test("secret/hard/03", "3.in", "3.ans", "secret/hard"));
    p.tests.push_back(sp::test_set_test("secret/hard/04", "4.in", "4.ans", "secret/hard"));
    CHECK(p.tests[0].sample);
    CHECK_FALSE(p.tests[1].sample);
    CHECK(sp::model_problems(p).empty());
    using J = sp::Judgement;
    // The sample's result does not count; easy gives 5 per accepted test; hard 30 only when both pass.
    auto score_of = [&](std::initializer_list<J> judgements) {
        std::vector<sp::TestResult> results;
        for (J j : judgements) {
            sp::TestResult r;
            r.judgement = j;
            results.push_back(r);
        }
        return sp::score_problem(p, results).score;
    };
    CHECK(score_of({J::wrong_answer, J::accepted, J::accepted, J::accepted, J::accepted}) == 40);
    CHECK(score_of({J::accepted, J::accepted, J::wrong_answer, J::accepted, J::wrong_answer}) == 5);
}
