// A package's files, read without leaving it (package_files.hpp).
#include "package_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <system_error>

#include "sudoku/common/bounded_file.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;

PackageFiles::PackageFiles(const fs::path& root) {
    std::error_code ec;
    root_ = fs::weakly_canonical(fs::absolute(root), ec);
    if (ec) root_ = fs::absolute(root).lexically_normal();
}

bool PackageFiles::inside(const fs::path& path) const {
    std::error_code ec;
    const fs::path real = fs::weakly_canonical(path, ec);
    if (ec) return false;
    const auto [r, p] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
    return r == root_.end();
}

std::optional<fs::path> PackageFiles::regular(const fs::path& path, Refusals& refusals) const {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) {
        refusals.add(path, 0, "expected a file, found nothing");
        return std::nullopt;
    }
    if (S_ISLNK(st.st_mode) && !inside(path)) {
        refusals.add(path, 0, "is a link leading out of the package (to " + fs::read_symlink(path).string() + ")");
        return std::nullopt;
    }
    const bool link = S_ISLNK(st.st_mode);
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        refusals.add(path, 0, "expected a regular file, found another kind of file (or a broken link)");
        return std::nullopt;
    }
    // A link inside the package is its target: the grader reads regular files, never links.
    std::error_code ec;
    if (link) return fs::canonical(path, ec);
    return path;
}

std::vector<fs::path> PackageFiles::list(const fs::path& dir, Refusals& refusals) const {
    std::vector<fs::path> entries;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(it->path());
    if (ec) refusals.add(dir, 0, "cannot list the folder: " + ec.message());
    std::sort(entries.begin(), entries.end());
    return entries;
}

bool PackageFiles::is_dir(const fs::path& path) const {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) return false;
    if (S_ISLNK(st.st_mode) && !inside(path)) return false;
    return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool PackageFiles::exists(const fs::path& path) const {
    struct stat st {};
    return lstat(path.c_str(), &st) == 0;
}

std::optional<std::string> PackageFiles::text(const fs::path& path, Refusals& refusals,
                                              std::uintmax_t max_bytes) const {
    const auto file = regular(path, refusals);
    if (!file) return std::nullopt;
    auto read = read_text_file(*file, max_bytes);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        refusals.list.push_back(*d);
        return std::nullopt;
    }
    return std::get<std::string>(std::move(read));
}

std::string PackageFiles::relative(const fs::path& path) const {
    return fs::absolute(path).lexically_normal().lexically_relative(root_).generic_string();
}

}  // namespace sudoku::formats
