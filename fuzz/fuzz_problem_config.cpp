// libFuzzer target: YAML problem configs (load_problem_config of sudoku/problem/problem_config.hpp).
// The loader takes a path, so each input goes to an in-memory file (memfd) named by its
// /proc/self/fd path: no disk traffic, nothing left behind.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/problem/problem_config.hpp"

namespace {

int memory_file() {
    static int fd = memfd_create("fuzz-config.yaml", 0);
    if (fd < 0) std::abort();
    return fd;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    int fd = memory_file();
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != static_cast<ssize_t>(size)) std::abort();
    std::string path = "/proc/self/fd/" + std::to_string(fd);
    auto loaded = sudoku::load_problem_config(path);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) {
        if (d->file.empty() || d->message.empty()) std::abort();  // every message names the file
        return 0;
    }
    const auto& config = std::get<sudoku::ProblemConfig>(loaded);
    if (config.time_limit_s <= 0 || config.memory_limit_mib <= 0 || config.output_limit_kib <= 0) std::abort();
    return 0;
}
