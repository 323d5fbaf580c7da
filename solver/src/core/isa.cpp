// The instruction-set levels (isa.hpp): their names, and which this CPU runs.
#include "core/isa.hpp"

#include <array>

namespace sudoku {

namespace {
constexpr std::array<std::string_view, 3> kIsaNames = {"portable", "avx2", "avx512"};
}  // namespace

std::string_view to_string(Isa isa) { return kIsaNames[static_cast<int>(isa)]; }

std::optional<Isa> isa_from_string(std::string_view name) {
    for (std::size_t i = 0; i < kIsaNames.size(); ++i)
        if (kIsaNames[i] == name) return static_cast<Isa>(i);
    return std::nullopt;
}

bool isa_supported(Isa isa) {
#if defined(__x86_64__)
    // The features each level is compiled with (solver/CMakeLists.txt), by name: g++ and clang
    // both know these (clang 14 knows no "x86-64-v3").
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                      __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    switch (isa) {
        case Isa::avx2:
            return avx2;
        case Isa::avx512:
            return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                   __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                   __builtin_cpu_supports("avx512cd");
        case Isa::portable:
            return true;
    }
    return false;
#else
    return isa == Isa::portable;
#endif
}

Isa widest_isa() {
    for (Isa isa : {Isa::avx512, Isa::avx2})
        if (isa_supported(isa)) return isa;
    return Isa::portable;
}

}  // namespace sudoku
