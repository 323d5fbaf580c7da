#include "sudoku/common/path_within.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

bool is_within(const fs::path& inner, const fs::path& outer) {
    std::error_code ec;
    const fs::path a = fs::weakly_canonical(fs::absolute(inner), ec);
    const fs::path b = fs::weakly_canonical(fs::absolute(outer), ec);
    const fs::path relative = a.lexically_relative(b);
    return !relative.empty() && *relative.begin() != "..";
}

}  // namespace sudoku::judge
