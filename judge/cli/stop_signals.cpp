// Stopping on SIGTERM / SIGINT (see stop_signals.hpp).
#include "stop_signals.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <thread>

namespace sudoku::judge_cli {

namespace {
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
}  // namespace

const std::atomic<bool>& stop_on_signals() {
    static const bool started = [] {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGTERM);
        sigaddset(&set, SIGINT);
        pthread_sigmask(SIG_BLOCK, &set, nullptr);
        std::thread([set] {
            for (;;) {
                int signal = 0;
                if (sigwait(&set, &signal) != 0) continue;
                if (g_stop.exchange(true)) _exit(128 + signal);  // asked twice: stop now
                g_signal = signal;
            }
        }).detach();
        return true;
    }();
    (void)started;
    return g_stop;
}

int stop_signal() { return g_signal.load(); }

}  // namespace sudoku::judge_cli
