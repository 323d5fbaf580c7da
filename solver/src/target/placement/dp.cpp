#include "target/placement/dp.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>

namespace sudoku::target_detail {

namespace {
constexpr double kNone = -std::numeric_limits<double>::infinity();

PlacementGraph::Layout build_layout(int box) {
    PlacementGraph::Layout out;
    const int n = box * box;
    // A state's key: the used columns (one bit per grid column), then the current band's used
    // rows in the low `box` bits. Each layer's keys are numbered as they are first reached.
    std::vector<std::uint64_t> layer{0};
    int first_of_layer = 0;
    std::vector<std::vector<std::pair<int, int>>> moves_of;  // per state: (next, cell)
    for (int step = 0; step < n; ++step) {
        out.layer.insert(out.layer.end(), layer.size(), step);
        const int band = step / box, stack = step % box;
        const int first_of_next = first_of_layer + int(layer.size());
        std::unordered_map<std::uint64_t, int> next_index;
        std::vector<std::uint64_t> next_layer;
        for (std::uint64_t key : layer) {
            const std::uint64_t columns = key >> box, rows = key & ((1u << box) - 1);
            std::vector<std::pair<int, int>> moves;
            for (int r = 0; r < box; ++r) {
                if (rows & (1u << r)) continue;
                for (int c = 0; c < box; ++c) {
                    const int column = stack * box + c;
                    if (columns & (std::uint64_t(1) << column)) continue;
                    // The band's rows start afresh once its last stack is done.
                    const std::uint64_t next_rows = stack + 1 == box ? 0 : rows | (1u << r);
                    const std::uint64_t next = ((columns | (std::uint64_t(1) << column)) << box) | next_rows;
                    auto [it, added] = next_index.emplace(next, int(next_layer.size()));
                    if (added) next_layer.push_back(next);
                    moves.emplace_back(first_of_next + it->second, (band * box + r) * n + column);
                }
            }
            moves_of.push_back(std::move(moves));
        }
        first_of_layer = first_of_next;
        layer = std::move(next_layer);
    }
    moves_of.emplace_back();  // the end state: every column used
    out.layer.push_back(n);
    out.move_start.push_back(0);
    for (const auto& moves : moves_of) {
        for (auto [next, cell] : moves) {
            out.move_next.push_back(next);
            out.move_cell.push_back(cell);
        }
        out.move_start.push_back(int(out.move_next.size()));
    }
    return out;
}

const PlacementGraph::Layout& shared_layout(int box) {
    static const PlacementGraph::Layout layouts[3] = {build_layout(2), build_layout(3), build_layout(4)};
    if (box < 2 || box > 4) throw std::invalid_argument("PlacementGraph: box sizes 2 to 4");
    return layouts[box - 2];
}
}  // namespace

const PlacementGraph::Layout& PlacementGraph::layout_for(int box) { return shared_layout(box); }

PlacementGraph::PlacementGraph(int box)
    : box_(box), layout_(shared_layout(box)), rest_(layout_.states(), kNone), so_far_(layout_.states(), kNone) {}

double PlacementGraph::best(const double* profit, int* covered) {
    const int count = layout_.states();
    rest_[count - 1] = 0;
    for (int s = count - 2; s >= 0; --s) {
        double top = kNone;
        for (int m = layout_.move_start[s]; m < layout_.move_start[s + 1]; ++m)
            top = std::max(top, profit[layout_.move_cell[m]] + rest_[layout_.move_next[m]]);
        rest_[s] = top;
    }
    if (rest_[0] == kNone) return kNone;
    // One best path, from the start: some move of each state on it reaches the state's value.
    for (int s = 0; s != count - 1;) {
        int chosen = layout_.move_start[s];
        double top = kNone;
        for (int m = layout_.move_start[s]; m < layout_.move_start[s + 1]; ++m) {
            const double value = profit[layout_.move_cell[m]] + rest_[layout_.move_next[m]];
            if (value > top) {
                top = value;
                chosen = m;
            }
        }
        ++covered[layout_.move_cell[chosen]];
        s = layout_.move_next[chosen];
    }
    return rest_[0];
}

void PlacementGraph::best_through(const double* profit, double* through) {
    const int count = layout_.states(), n = box_ * box_;
    std::fill(through, through + n * n, kNone);
    std::fill(so_far_.begin(), so_far_.end(), kNone);
    so_far_[0] = 0;
    for (int s = 0; s < count - 1; ++s) {
        const double here = so_far_[s];
        if (here == kNone) continue;
        for (int m = layout_.move_start[s]; m < layout_.move_start[s + 1]; ++m) {
            const int next = layout_.move_next[m], cell = layout_.move_cell[m];
            const double value = here + profit[cell];
            so_far_[next] = std::max(so_far_[next], value);
            through[cell] = std::max(through[cell], value + rest_[next]);
        }
    }
}

}  // namespace sudoku::target_detail
