// Which instruction-set levels (isa.hpp) this CPU runs.
#include "core/isa.hpp"

namespace sudoku {

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
