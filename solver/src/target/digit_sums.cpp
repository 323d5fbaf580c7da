#include "target/digit_sums.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "target/placement/graph_lanes.hpp"

namespace sudoku::target_detail {

namespace {
constexpr double kNone = -std::numeric_limits<double>::infinity();
// Polyak steps towards the incumbent's S_t; the factor halves after this many steps without a
// new best (20 left the empty 16x16 grid at 11,791.7 after 1,000 steps, 40 reached 11,785.0).
constexpr int kPatience = 40;

// The graph searches of one step of every sum's descent: on box 4 sixteen at a time in the
// lanes of target/placement/graph_lanes.hpp, whose values lie at or at most 16 roundings of
// their profits above the digit-by-digit graph's, so each S_t's bound stays a bound.
class PlacementBatch {
public:
    explicit PlacementBatch(int box) {
        if (box != 4) graph_.emplace(box);
    }

    // profit: `count` searches of `cells` entries each. Leaves each one's best value, and 1 per
    // cell of its best placement in `path` (searches whose value is -infinity: no path).
    void solve(int count, int cells, const std::vector<double>& profit, std::vector<double>& value,
               std::vector<int>& path) {
        value.assign(count, kNone);
        path.assign(std::size_t(count) * cells, 0);
        if (graph_) {
            for (int i = 0; i < count; ++i)
                value[i] = graph_->best(profit.data() + std::size_t(i) * cells, path.data() + std::size_t(i) * cells);
            return;
        }
        constexpr int kLanes = PlacementGraphLanes::kLanes;
        for (int first = 0; first < count; first += kLanes) {
            const int used = std::min(kLanes, count - first);
            if (first / kLanes == int(lanes_.size())) lanes_.push_back(std::make_unique<PlacementGraphLanes>());
            PlacementGraphLanes& lanes = *lanes_[first / kLanes];
            for (int cell = 0; cell < cells; ++cell) {
                PlacementGraphLanes::Row& row = lanes.profit[cell];
                for (int k = 0; k < kLanes; ++k)
                    row[k] = k < used ? profit[std::size_t(first + k) * cells + cell] : kNone;
            }
            lanes.solve(used);
            for (int k = 0; k < used; ++k) {
                value[first + k] = lanes.best(k);
                if (value[first + k] != kNone) lanes.add_covered(k, path.data() + std::size_t(first + k) * cells);
            }
        }
    }

private:
    std::optional<PlacementGraph> graph_;  // the other box sizes
    // Box 4: one per batch of sixteen searches. A batch holds the same searches from step to step
    // until a sum is done, so each keeps its candidate pattern and the moves found for it (with one
    // for all, three patterns' batches took turns, and finding their moves anew each time took
    // 54 % of a two-clue puzzle's solve).
    std::vector<std::unique_ptr<PlacementGraphLanes>> lanes_;
};

// One sum's descent: its multipliers and how far it got.
struct SumDescent {
    std::vector<int> copies;  // per candidate pattern, how many of the sum's digits have it
    double incumbent = 0;     // the incumbent's S_t: the Polyak target
    std::vector<double> nu;
    double best = std::numeric_limits<double>::infinity(), scale = 1.0;
    int since_progress = 0;
    bool done = false;
};

// Digits with the same candidate cells form one group, searched once per step.
struct DigitGroups {
    std::vector<int> group_of;             // per digit
    std::vector<std::vector<bool>> cells;  // per group, its candidate cells
};

DigitGroups group_digits(const Board& board) {
    const int n = board.geo->side, cells = n * n;
    DigitGroups groups{std::vector<int>(n + 1, -1), {}};
    for (int d = 1; d <= n; ++d) {
        std::vector<bool> mine(cells);
        for (int cell = 0; cell < cells; ++cell) mine[cell] = board.cand[cell] & digit_bit(d);
        const auto found = std::find(groups.cells.begin(), groups.cells.end(), mine);
        groups.group_of[d] = int(found - groups.cells.begin());
        if (found == groups.cells.end()) groups.cells.push_back(std::move(mine));
    }
    return groups;
}

// Each S_t from zero multipliers: starting from the last one's left the empty 16x16 grid at
// 11,788 after 2,000 steps per sum, against 11,784 from zero. The sums descend side by side,
// each on its own, so that one step's searches share the lanes.
std::vector<SumDescent> start_sums(const Board& board, const Weights& weights,
                                   const std::vector<std::uint8_t>& incumbent, const DigitGroups& groups) {
    const int n = board.geo->side, cells = n * n;
    std::vector<std::int64_t> weight_of(n + 1, 0);
    for (int cell = 0; cell < cells; ++cell) weight_of[incumbent[cell]] += weights.at(cell);
    std::vector<SumDescent> sums(n + 1);
    std::int64_t incumbent_sum = 0;
    for (int t = 1; t <= n; ++t) {
        SumDescent& sum = sums[t];
        incumbent_sum += weight_of[n - t + 1];
        sum.incumbent = double(incumbent_sum);
        sum.copies.assign(groups.cells.size(), 0);
        for (int d = n - t + 1; d <= n; ++d) ++sum.copies[groups.group_of[d]];
        sum.nu.assign(cells, 0.0);
    }
    return sums;
}

// One step of a sum's descent, from its value `total` at its multipliers and how many of its
// digits' placements use each cell (`covered`); `step_dir` is scratch.
void step_sum(SumDescent& sum, double total, const std::vector<double>& covered, std::vector<double>& step_dir) {
    const int cells = int(covered.size());
    if (total < sum.best - 1e-9) {
        sum.best = total;
        sum.since_progress = 0;
    } else if (++sum.since_progress >= kPatience) {
        sum.scale *= 0.5;
        sum.since_progress = 0;
    }
    if (sum.best < sum.incumbent + 1 - 1e-6) {  // floors to the incumbent's S_t
        sum.done = true;
        return;
    }
    // Projected subgradient: a cell used more than once gets dearer; nu stays >= 0.
    double norm = 0;
    for (int cell = 0; cell < cells; ++cell) {
        double g = 1.0 - covered[cell];
        if (sum.nu[cell] <= 0 && g > 0) g = 0;
        step_dir[cell] = g;
        norm += g * g;
    }
    if (norm == 0) {
        sum.done = true;
        return;
    }
    const double step = sum.scale * std::max(total - sum.incumbent, 0.05) / norm;
    for (int cell = 0; cell < cells; ++cell) sum.nu[cell] = std::max(0.0, sum.nu[cell] - step * step_dir[cell]);
}
}  // namespace

std::optional<std::int64_t> digit_sum_bound(const Board& board, const Weights& weights,
                                            const std::vector<std::uint8_t>& incumbent, int iterations,
                                            int max_groups) {
    const int n = board.geo->side, cells = n * n;
    const DigitGroups digit_groups = group_digits(board);
    const std::vector<std::vector<bool>>& group_cells = digit_groups.cells;
    const int groups = int(group_cells.size());
    if (groups > max_groups) return std::nullopt;
    std::vector<SumDescent> sums = start_sums(board, weights, incumbent, digit_groups);
    PlacementBatch batch(board.geo->box);
    std::vector<std::pair<int, int>> searches;  // (t, group)
    std::vector<double> profit, value, covered(cells), step_dir(cells);
    std::vector<int> path;
    for (int it = 0; it < iterations; ++it) {
        searches.clear();
        for (int t = 1; t <= n; ++t)
            for (int g = 0; g < groups; ++g)
                if (!sums[t].done && sums[t].copies[g]) searches.emplace_back(t, g);
        if (searches.empty()) break;
        profit.resize(searches.size() * cells);
        for (std::size_t i = 0; i < searches.size(); ++i) {
            const auto [t, g] = searches[i];
            for (int cell = 0; cell < cells; ++cell)
                profit[i * cells + cell] = group_cells[g][cell] ? double(weights.at(cell)) - sums[t].nu[cell] : kNone;
        }
        batch.solve(int(searches.size()), cells, profit, value, path);
        for (std::size_t first = 0; first < searches.size();) {
            const int t = searches[first].first;
            SumDescent& sum = sums[t];
            double total = 0;
            for (int cell = 0; cell < cells; ++cell) total += sum.nu[cell];
            std::fill(covered.begin(), covered.end(), 0.0);
            std::size_t i = first;
            for (; i < searches.size() && searches[i].first == t; ++i) {
                if (value[i] == kNone) return std::nullopt;  // a digit without a placement
                const int copies = sum.copies[searches[i].second];
                total += copies * value[i];
                for (int cell = 0; cell < cells; ++cell) covered[cell] += copies * path[i * cells + cell];
            }
            first = i;
            step_sum(sum, total, covered, step_dir);
        }
    }
    std::int64_t total = 0;
    for (int t = 1; t <= n; ++t)
        total += std::int64_t(std::floor(sums[t].best + 1e-6));  // rounding never takes a floor below the truth
    return total;
}

}  // namespace sudoku::target_detail
