// The instruction-set levels the solver's vector code is compiled for, and which this CPU runs.
// The 9x9 search kernels (solver9/kernel_<isa>.cpp) and the target optimiser's vector code (the
// row assignments, the placement lanes) each come once per level from one source; the widest the
// CPU runs is used, and tests pin a level to check it against the portable one.
#pragma once

#include "sudoku/common/enum_names.hpp"

namespace sudoku {

enum class Isa {
    portable,  // the library's own flags (x86-64-v2)
    avx2,      // AVX2, BMI1/2, POPCNT
    avx512,    // those and AVX-512 F/VL/BW/DQ/CD
};
template <>
struct EnumNames<Isa> {
    static constexpr std::string_view names[] = {"portable", "avx2", "avx512"};
};

bool isa_supported(Isa isa);  // this CPU runs it
Isa widest_isa();             // the widest supported one

}  // namespace sudoku
