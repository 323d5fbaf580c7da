// What the workers of one branch and bound round share when it runs on several threads
// (TargetOptions::threads): the incumbent, the count of nodes, and the subtrees one worker hands
// to another that ran out of work.
//
// A worker that has nothing to do says so (hungry()); a busy worker sees it at its next node and
// gives away the untaken children of its shallowest open node, the largest subtrees it holds. The
// round ends when every worker waits and no subtree is left.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace sudoku::target_detail {

template <class Task>
class WorkPool {
public:
    explicit WorkPool(int workers) : workers_(workers) {}

    // Whether a worker waits for work: read at every node, so a relaxed load.
    bool hungry() const { return hungry_.load(std::memory_order_relaxed); }

    void give(Task task) {
        const std::lock_guard lock(mutex_);
        tasks_.push_back(std::move(task));
        hungry_.store(idle_ > int(tasks_.size()), std::memory_order_relaxed);
        wake_.notify_one();
    }

    // One of the workers will not come (its thread could not be started).
    void leave() {
        const std::lock_guard lock(mutex_);
        --workers_;
    }

    // The next subtree, waiting while another worker still runs; nullopt once every worker waits
    // and none is left: the round is done.
    std::optional<Task> take() {
        std::unique_lock lock(mutex_);
        ++idle_;
        while (tasks_.empty() && !finished_) {
            if (idle_ == workers_) {
                finished_ = true;
                wake_.notify_all();
                break;
            }
            hungry_.store(true, std::memory_order_relaxed);
            wake_.wait(lock);
        }
        if (tasks_.empty()) return std::nullopt;
        --idle_;
        Task task = std::move(tasks_.back());
        tasks_.pop_back();
        hungry_.store(idle_ > int(tasks_.size()), std::memory_order_relaxed);
        return task;
    }

private:
    int workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Task> tasks_;
    int idle_ = 0;
    bool finished_ = false;
    std::atomic<bool> hungry_{false};
};

// What else the workers of a round share: the best completion any found, and the nodes all ran.
// `best` and `nodes` may be read without the lock (every node reads `best`, to see whether another
// worker raised the cutoff); `digits` only under it.
struct SharedRound {
    std::mutex mutex;
    std::atomic<std::int64_t> best;
    std::vector<std::uint8_t> digits;
    std::atomic<std::uint64_t> nodes{0};

    SharedRound(std::int64_t score, std::vector<std::uint8_t> completion)
        : best(score), digits(std::move(completion)) {}

    // Keeps the completion when it scores more than the best so far.
    void offer(std::int64_t score, const std::vector<std::uint8_t>& completion) {
        const std::lock_guard lock(mutex);
        if (score <= best.load(std::memory_order_relaxed)) return;
        digits = completion;
        best.store(score, std::memory_order_relaxed);
    }
};

}  // namespace sudoku::target_detail
