// Scoring by the model's groups (sudoku/problem/scoring.hpp).
#include "sudoku/problem/scoring.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <numeric>
#include <sstream>

namespace sudoku::problem {

namespace {

// Kattis's worst_error order: the larger, the worse.
int severity(Judgement j) {
    switch (j) {
        case Judgement::accepted:
            return 0;
        case Judgement::presentation_error:
            return 1;
        case Judgement::wrong_answer:
            return 2;
        case Judgement::output_limit_exceeded:
            return 3;
        case Judgement::time_limit_exceeded:
            return 4;
        case Judgement::memory_limit_exceeded:
            return 5;
        case Judgement::run_time_error:
            return 6;
        case Judgement::compile_error:
            return 7;
        case Judgement::judge_error:
            return 8;
    }
    return 8;
}

std::string shown(double v) {
    std::ostringstream s;
    s << std::setprecision(6) << v;
    return s.str();
}

// A child of a group: a test (index into tests) or a group (index into groups).
struct Child {
    bool is_test;
    size_t index;
    const std::string* name;
};

// What a subtree came to.
struct Subtree {
    Judgement judgement = Judgement::accepted;
    double score = 0;
    bool all_accepted = true;  // every test below ran and was accepted
    bool sample = false;
};

class Scorer {
public:
    Scorer(const Problem& problem, const std::vector<TestResult>& results, ProblemScore& out)
        : p_(problem), results_(results), out_(out) {
        for (size_t g = 0; g < p_.groups.size(); ++g) index_[p_.groups[g].name] = g;
        children_.resize(p_.groups.size());
        for (size_t t = 0; t < p_.tests.size(); ++t) add_child(p_.tests[t].group, {true, t, &p_.tests[t].name});
        for (size_t g = 0; g < p_.groups.size(); ++g)
            if (!p_.groups[g].parent.empty()) add_child(p_.groups[g].parent, {false, g, &p_.groups[g].name});
        // Tests and groups in one folder are judged in name order (Kattis); a list of only tests,
        // or only groups, keeps its own order.
        for (auto& list : children_) {
            const bool mixed = std::any_of(list.begin(), list.end(), [](const Child& c) { return c.is_test; }) &&
                               std::any_of(list.begin(), list.end(), [](const Child& c) { return !c.is_test; });
            if (mixed)
                std::stable_sort(list.begin(), list.end(),
                                 [](const Child& a, const Child& b) { return *a.name < *b.name; });
        }
        out_.test_scores.assign(p_.tests.size(), 0);
        out_.groups.resize(p_.groups.size());
    }

    Subtree run_group(size_t g) {
        const Group& group = p_.groups[g];
        GroupScore& gs = out_.groups[g];
        gs.name = group.name;
        gs.max_score = group.max_score;
        Subtree sub;
        sub.sample = group.sample;
        if (auto failed = unmet_requirement(group)) {
            gs.skipped = true;
            gs.judgement = *failed;
            sub.judgement = *failed;
            sub.all_accepted = false;
            skip_below(g);
            accepted_[group.name] = false;
            return sub;
        }
        std::vector<Subtree> parts = run_children(g);
        combine(group, parts, sub);
        gs.judgement = sub.judgement;
        gs.score = sub.score;
        accepted_[group.name] = sub.all_accepted || (whole_points() && sub.score > 0);
        return sub;
    }

private:
    bool whole_points() const { return p_.partial_points == PartialPoints::whole; }

    void add_child(const std::string& parent, Child c) {
        auto it = index_.find(parent);
        if (it != index_.end()) children_[it->second].push_back(c);
    }

    // The judgement of the first required group that was not fully accepted (nor, counting whole
    // points, scored anything).
    std::optional<Judgement> unmet_requirement(const Group& group) const {
        for (const auto& r : group.require_pass) {
            auto it = accepted_.find(r);
            if (it == accepted_.end() || !it->second) {
                auto gi = index_.find(r);
                const Judgement j = gi == index_.end() ? Judgement::judge_error : out_.groups[gi->second].judgement;
                return j == Judgement::accepted ? Judgement::wrong_answer : j;
            }
        }
        return std::nullopt;
    }

    void skip_below(size_t g) {
        for (const Child& c : children_[g]) {
            if (c.is_test)
                out_.test_scores[c.index] = 0;
            else {
                out_.groups[c.index].name = p_.groups[c.index].name;
                out_.groups[c.index].skipped = true;
                out_.groups[c.index].judgement = out_.groups[g].judgement;
                accepted_[p_.groups[c.index].name] = false;
                skip_below(c.index);
            }
        }
    }

    Subtree run_test(size_t t, const Group& group) {
        const TestResult& r = results_.at(t);
        Subtree sub;
        sub.judgement = r.run ? r.judgement : Judgement::judge_error;
        sub.all_accepted = r.run && r.judgement == Judgement::accepted;
        if (sub.all_accepted)
            sub.score = r.score ? *r.score : r.multiplier.value_or(1.0) * group.accept_score;
        else
            sub.score = group.reject_score;
        if (whole_points()) sub.score = std::floor(sub.score);
        sub.sample = p_.tests[t].sample;
        out_.test_scores[t] = sub.score;
        return sub;
    }

    std::vector<Subtree> run_children(size_t g) {
        const Group& group = p_.groups[g];
        std::vector<Subtree> parts;
        bool stopped = false;
        for (const Child& c : children_[g]) {
            if (stopped) {
                if (c.is_test) out_.test_scores[c.index] = 0;
                continue;
            }
            parts.push_back(c.is_test ? run_test(c.index, group) : run_group(c.index));
            if (group.stop_on_reject && parts.back().judgement != Judgement::accepted) stopped = true;
        }
        // Children never reached still count as not accepted for pass-fail and require_pass.
        if (stopped && !parts.empty()) parts.back().all_accepted = false;
        return parts;
    }

    void combine(const Group& group, std::vector<Subtree> parts, Subtree& sub) {
        GroupScore& gs = out_.groups[&group - p_.groups.data()];
        for (const auto& part : parts) sub.all_accepted = sub.all_accepted && part.all_accepted;
        if (group.ignore_sample)
            parts.erase(std::remove_if(parts.begin(), parts.end(), [](const Subtree& s) { return s.sample; }),
                        parts.end());
        sub.judgement = aggregate_judgement(group, parts);
        sub.score = aggregate_score(group, parts, sub.all_accepted);
        if (whole_points()) sub.score = std::floor(sub.score);
        if (group.range && (sub.score < group.range->min - 1e-9 || sub.score > group.range->max + 1e-9))
            gs.problem = "scored " + shown(sub.score) + ", outside its range " + shown(group.range->min) + " to " +
                         shown(group.range->max);
        if (group.max_score && sub.score > *group.max_score + 1e-9)
            gs.problem = "scored " + shown(sub.score) + ", over its maximum " + shown(*group.max_score);
    }

    static Judgement aggregate_judgement(const Group& group, const std::vector<Subtree>& parts) {
        if (group.accept_if_any_accepted && std::any_of(parts.begin(), parts.end(), [](const Subtree& s) {
                return s.judgement == Judgement::accepted;
            }))
            return Judgement::accepted;
        Judgement j = Judgement::accepted;
        switch (group.verdict_rule) {
            case VerdictRule::always_accept:
                return Judgement::accepted;
            case VerdictRule::first_error:
                for (const auto& s : parts)
                    if (s.judgement != Judgement::accepted) return s.judgement;
                return j;
            case VerdictRule::worst_error:
                for (const auto& s : parts)
                    if (severity(s.judgement) > severity(j)) j = s.judgement;
                return j;
        }
        return j;
    }

    double aggregate_score(const Group& group, const std::vector<Subtree>& parts, bool all_accepted) const {
        std::vector<double> scores;
        for (const auto& s : parts) scores.push_back(s.score);
        switch (group.aggregation) {
            case Aggregation::pass_fail:
                if (!all_accepted) return 0;
                return group.max_score ? *group.max_score : std::accumulate(scores.begin(), scores.end(), 0.0);
            case Aggregation::sum:
                return std::accumulate(scores.begin(), scores.end(), 0.0);
            case Aggregation::min:
                return scores.empty() ? 0 : *std::min_element(scores.begin(), scores.end());
            case Aggregation::max:
                return scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
            case Aggregation::average:
                return scores.empty() ? 0 : std::accumulate(scores.begin(), scores.end(), 0.0) / scores.size();
        }
        return 0;
    }

    const Problem& p_;
    const std::vector<TestResult>& results_;
    ProblemScore& out_;
    std::map<std::string, size_t> index_;
    std::vector<std::vector<Child>> children_;
    std::map<std::string, bool> accepted_;
};

// The problem itself when it has groups, else a copy with one root holding every test.
Problem with_root(const Problem& problem) {
    Problem p = problem;
    if (p.groups.empty()) {
        p.groups.push_back(Group{});
        p.groups.back().name = "data";
        for (auto& t : p.tests) t.group = "data";
    }
    return p;
}

std::optional<double> group_max(const Problem& p, size_t g) {
    const Group& group = p.groups[g];
    if (group.max_score) return group.max_score;
    std::vector<double> parts;
    for (const auto& t : p.tests)
        if (t.group == group.name) parts.push_back(group.accept_score);
    for (size_t c = 0; c < p.groups.size(); ++c) {
        if (p.groups[c].parent != group.name) continue;
        if (group.ignore_sample && p.groups[c].sample) continue;
        auto m = group_max(p, c);
        if (!m) return std::nullopt;
        parts.push_back(*m);
    }
    if (parts.empty()) return 0.0;
    switch (group.aggregation) {
        case Aggregation::pass_fail:
        case Aggregation::sum:
            return std::accumulate(parts.begin(), parts.end(), 0.0);
        case Aggregation::min:
            return *std::min_element(parts.begin(), parts.end());
        case Aggregation::max:
            return *std::max_element(parts.begin(), parts.end());
        case Aggregation::average:
            return std::accumulate(parts.begin(), parts.end(), 0.0) / parts.size();
    }
    return std::nullopt;
}

}  // namespace

ProblemScore score_problem(const Problem& problem, const std::vector<TestResult>& results) {
    const Problem p = with_root(problem);
    ProblemScore out;
    Scorer scorer(p, results, out);
    for (size_t g = 0; g < p.groups.size(); ++g) {
        if (!p.groups[g].parent.empty()) continue;
        const Subtree root = scorer.run_group(g);
        out.judgement = root.judgement;
        out.score = root.score;
    }
    return out;
}

std::optional<double> max_score(const Problem& problem) {
    const Problem p = with_root(problem);
    for (size_t g = 0; g < p.groups.size(); ++g)
        if (p.groups[g].parent.empty()) return group_max(p, g);
    return 0.0;
}

}  // namespace sudoku::problem
