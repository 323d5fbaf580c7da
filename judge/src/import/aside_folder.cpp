#include "aside_folder.hpp"

#include <random>
#include <stdexcept>
#include <string>

namespace sudoku::judge {

std::filesystem::path aside_folder(const std::filesystem::path& out) {
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        // Built step by step: g++ 12 warns falsely on `"." + a + b` here (stringop-overflow).
        std::string name(1, '.');
        name += out.filename().string();
        name += ".import-" + std::to_string(random());
        const std::filesystem::path aside = out.parent_path() / name;
        if (std::filesystem::create_directory(aside)) return aside;
    }
    throw std::runtime_error("no fresh folder beside " + out.string());
}

}  // namespace sudoku::judge
