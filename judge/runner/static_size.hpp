// The memory a program declares before it runs: the sum of its ELF loadable segments' sizes in
// memory (PT_LOAD p_memsz), code, data and zero-filled arrays alike. Under the address-space
// memory rule (runner_contract.hpp, MemoryRule) a program declaring more than its limit is MLE
// without running, as LemonLime's watcher decides it: the kernel would fail its exec anyway.
//
//   ELF header ── e_phoff ──> [ Phdr | Phdr | ... e_phnum ]   each PT_LOAD adds p_memsz
#pragma once

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <optional>
#include <string>

namespace sudoku_sandbox {

namespace detail {

inline bool read_at(int fd, void* to, size_t bytes, off_t at) {
    return pread(fd, to, bytes, at) == static_cast<ssize_t>(bytes);
}

template <typename Header, typename ProgramHeader>
std::optional<unsigned long long> loadable_bytes(int fd) {
    Header h{};
    if (!read_at(fd, &h, sizeof h, 0) || (h.e_type != ET_EXEC && h.e_type != ET_DYN) || h.e_phoff == 0 ||
        h.e_phentsize != sizeof(ProgramHeader))
        return std::nullopt;
    unsigned long long total = 0;
    for (unsigned i = 0; i < h.e_phnum; ++i) {
        ProgramHeader p{};
        if (!read_at(fd, &p, sizeof p, static_cast<off_t>(h.e_phoff + i * sizeof p))) return std::nullopt;
        if (p.p_type == PT_LOAD) total += p.p_memsz;
    }
    return total;
}

}  // namespace detail

// The loadable bytes of the ELF file at `path`; nothing for a script, or a file that is not ELF.
inline std::optional<unsigned long long> static_size(const std::string& path) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return std::nullopt;
    unsigned char ident[EI_NIDENT] = {};
    std::optional<unsigned long long> size;
    if (detail::read_at(fd, ident, sizeof ident, 0) && std::memcmp(ident, ELFMAG, SELFMAG) == 0) {
        if (ident[EI_CLASS] == ELFCLASS64) size = detail::loadable_bytes<Elf64_Ehdr, Elf64_Phdr>(fd);
        if (ident[EI_CLASS] == ELFCLASS32) size = detail::loadable_bytes<Elf32_Ehdr, Elf32_Phdr>(fd);
    }
    close(fd);
    return size;
}

}  // namespace sudoku_sandbox
