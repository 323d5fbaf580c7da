// A round of the target optimiser's tree on several threads (TargetOptions::threads): the leader
// starts at the root, its helpers take the subtrees it gives away (shared_search.hpp).
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "target/optimise.hpp"

namespace sudoku::target_detail {

// Whether this round's tree runs on options_.threads threads: large grids, once the placement
// bound has joined in (the round has no node budget left to count), where trees run to
// thousands of nodes of a millisecond each.
bool BranchAndBound::shares_round() const {
    return options_.threads > 1 && boards_[0].geo->box >= 4 && nodes_left_ == std::numeric_limits<std::int64_t>::max();
}

// The round's tree on options_.threads threads: this worker starts at the root, the others
// wait for subtrees (share_work); every worker takes the best completion any has found at its
// next node.
void BranchAndBound::search_shared() {
    while (int(helpers_.size()) < options_.threads - 1)
        helpers_.push_back(std::make_unique<BranchAndBound>(puzzle_, weights_, boards_[0], options_));
    SubtreePool pool(options_.threads);
    SharedRound round(best_, best_digits_);
    for (auto& helper : helpers_) helper->join_round(*this, pool, round);
    pool_ = &pool;
    shared_ = &round;
    base_ = 0;
    // A worker that throws still waits out the round (a subtree it drops would only matter to
    // an answer that is not given), and the first error is thrown once every thread is done.
    std::vector<std::exception_ptr> errors(helpers_.size() + 1);
    auto run = [&pool](std::exception_ptr& error, auto&& work) {
        try {
            work();
        } catch (...) {
            error = std::current_exception();
            while (pool.take()) {}
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < helpers_.size(); ++i) {
        try {
            threads.emplace_back([&, i] { run(errors[i + 1], [&] { helpers_[i]->work(); }); });
        } catch (const std::system_error&) {
            pool.leave();  // no thread to be had: the round runs on those that started
        }
    }
    run(errors[0], [&] {
        search(0);
        work();
    });
    for (std::thread& thread : threads) thread.join();
    take_shared_incumbent();
    pool_ = nullptr;
    shared_ = nullptr;
    for (const auto& helper : helpers_) {
        stats_.nodes += helper->stats_.nodes;
        stats_.shared_nodes += helper->stats_.nodes;
        stats_.evaluations += helper->stats_.evaluations;
        stats_.placement_nodes += helper->stats_.placement_nodes;
    }
    for (const std::exception_ptr& error : errors)
        if (error) std::rethrow_exception(error);
}

// A helper's state for the leader's round: its incumbent, aim, bounds' settings and root.
void BranchAndBound::join_round(const BranchAndBound& leader, SubtreePool& pool, SharedRound& round) {
    pool_ = &pool;
    shared_ = &round;
    found_ = true;
    best_ = leader.best_;
    best_digits_ = leader.best_digits_;
    floor_ = leader.floor_;
    proven_upper_ = leader.proven_upper_;
    nodes_left_ = leader.nodes_left_;
    neighbourhoods_ = false;
    placement_alone_ = leader.placement_alone_;
    if (!leader.placement_)
        placement_.reset();
    else if (!placement_)
        placement_ = std::make_unique<target_detail::PlacementBound>(weights_);
    root_mu_ = leader.root_mu_;
    placement_mu_.resize(leader.placement_mu_.size());
    stats_ = {};
}

// A worker of a shared round: the subtrees the others give, until the round is done.
void BranchAndBound::work() {
    while (std::optional<Subtree> task = pool_->take()) {
        const int d = task->depth;
        boards_[d] = std::move(task->board);
        multipliers_[d] = std::move(task->multipliers);
        if (placement_) placement_mu_[d] = std::move(task->placement_mu);
        node_value_[d] = task->value;
        open_[d] = std::move(task->children);
        next_[d] = 0;
        base_ = d;
        expand(d);
    }
}

// Another worker waits: the children not yet taken of the shallowest node of this worker's
// subtree that has any go to it (the largest subtrees this worker holds).
void BranchAndBound::share_work(int depth) {
    for (int d = base_; d < depth; ++d) {
        if (next_[d] >= open_[d].size()) continue;
        Subtree task{d,
                     boards_[d],
                     multipliers_[d],
                     placement_ ? placement_mu_[d] : std::vector<double>{},
                     node_value_[d],
                     {open_[d].begin() + std::ptrdiff_t(next_[d]), open_[d].end()}};
        open_[d].resize(next_[d]);
        pool_->give(std::move(task));
        return;
    }
}

// A completion another worker of the shared round found, when it scores more than ours.
void BranchAndBound::take_shared_incumbent() {
    if (shared_->best.load(std::memory_order_relaxed) <= best_) return;
    const std::lock_guard lock(shared_->mutex);
    best_ = shared_->best.load(std::memory_order_relaxed);
    best_digits_ = shared_->digits;
    floor_ = std::max(floor_, best_);
}

}  // namespace sudoku::target_detail
