// Dancing links for sudoku of side n: n*n*n candidate rows (cell, digit), 4*n*n columns.
//
//   column block 0: cell (r,c) is filled      block 2: column c holds digit d
//   column block 1: row r holds digit d        block 3: box b holds digit d
//
// Every candidate row has exactly four nodes, one per block. Clues are applied by covering
// their columns up front; a clue whose columns are already covered is a repeated digit, which
// makes the count zero.
#include "sudoku/solver/dlx.hpp"

#include <vector>

namespace sudoku {
namespace {

class Dlx {
public:
    explicit Dlx(int box) : box_(box), n_(box * box) {
        const int columns = 4 * n_ * n_;
        const int nodes = 1 + columns + 4 * n_ * n_ * n_;
        left_.resize(nodes);
        right_.resize(nodes);
        up_.resize(nodes);
        down_.resize(nodes);
        column_.resize(nodes);
        row_of_.resize(nodes);
        size_.assign(columns + 1, 0);
        for (int i = 0; i <= columns; ++i) {
            left_[i] = i == 0 ? columns : i - 1;
            right_[i] = i == columns ? 0 : i + 1;
            up_[i] = down_[i] = column_[i] = i;
        }
        int next = columns + 1;
        row_first_.resize(n_ * n_ * n_);
        for (int r = 0; r < n_; ++r)
            for (int c = 0; c < n_; ++c)
                for (int d = 0; d < n_; ++d) {
                    int b = (r / box_) * box_ + c / box_;
                    int cols[4] = {1 + r * n_ + c, 1 + n_ * n_ + r * n_ + d, 1 + 2 * n_ * n_ + c * n_ + d,
                                   1 + 3 * n_ * n_ + b * n_ + d};
                    int row = (r * n_ + c) * n_ + d;
                    row_first_[row] = next;
                    for (int k = 0; k < 4; ++k) {
                        int x = next + k, col = cols[k];
                        column_[x] = col;
                        row_of_[x] = row;
                        left_[x] = next + (k + 3) % 4;
                        right_[x] = next + (k + 1) % 4;
                        up_[x] = up_[col];
                        down_[x] = col;
                        down_[up_[col]] = x;
                        up_[col] = x;
                        ++size_[col];
                    }
                    next += 4;
                }
        covered_.assign(columns + 1, false);
    }

    // Selects a clue's candidate row; false when one of its columns is already taken.
    bool select(int cell, int digit) {
        int first = row_first_[cell * n_ + digit - 1];
        for (int x = first, k = 0; k < 4; ++k, x = right_[x])
            if (covered_[column_[x]]) return false;
        for (int x = first, k = 0; k < 4; ++k, x = right_[x]) cover(column_[x]);
        solution_.push_back(cell * n_ + digit - 1);
        return true;
    }

    DlxCount count(const Grid& puzzle, std::uint64_t limit) {
        puzzle_ = &puzzle;
        limit_ = limit;
        search();
        return result_;
    }

private:
    void cover(int col) {
        covered_[col] = true;
        right_[left_[col]] = right_[col];
        left_[right_[col]] = left_[col];
        for (int i = down_[col]; i != col; i = down_[i])
            for (int j = right_[i]; j != i; j = right_[j]) {
                down_[up_[j]] = down_[j];
                up_[down_[j]] = up_[j];
                --size_[column_[j]];
            }
    }

    void uncover(int col) {
        for (int i = up_[col]; i != col; i = up_[i])
            for (int j = left_[i]; j != i; j = left_[j]) {
                ++size_[column_[j]];
                down_[up_[j]] = j;
                up_[down_[j]] = j;
            }
        right_[left_[col]] = col;
        left_[right_[col]] = col;
        covered_[col] = false;
    }

    // Returns false once the limit is reached.
    bool search() {
        if (right_[0] == 0) {
            if (!result_.first) {
                Grid g = *puzzle_;
                for (int row : solution_) g.set(row / n_, row % n_ + 1);
                result_.first = g;
            }
            ++result_.count;
            if (limit_ && result_.count >= limit_) {
                result_.capped = true;
                return false;
            }
            return true;
        }
        int best = right_[0];
        for (int col = right_[best]; col != 0; col = right_[col])
            if (size_[col] < size_[best]) best = col;
        if (size_[best] == 0) return true;
        cover(best);
        bool go_on = true;
        for (int i = down_[best]; i != best && go_on; i = down_[i]) {
            solution_.push_back(row_of_[i]);
            for (int j = right_[i]; j != i; j = right_[j]) cover(column_[j]);
            go_on = search();
            for (int j = left_[i]; j != i; j = left_[j]) uncover(column_[j]);
            solution_.pop_back();
        }
        uncover(best);
        return go_on;
    }

    int box_, n_;
    std::vector<int> left_, right_, up_, down_, column_, row_of_, size_, row_first_;
    std::vector<bool> covered_;
    std::vector<int> solution_;
    const Grid* puzzle_ = nullptr;
    std::uint64_t limit_ = 0;
    DlxCount result_;
};

}  // namespace

DlxCount dlx_count(const Grid& puzzle, std::uint64_t limit) {
    Dlx dlx(puzzle.box());
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        if (puzzle.at(cell) && !dlx.select(cell, puzzle.at(cell))) return {};
    return dlx.count(puzzle, limit);
}

}  // namespace sudoku
