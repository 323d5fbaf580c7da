// Listing and unpacking a zipped package with libarchive, bounded (sudoku/formats/domjudge.hpp).
#include <archive.h>
#include <archive_entry.h>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include "sudoku/formats/domjudge.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kMaxEntries = 100000;
constexpr std::int64_t kMaxBytes = std::int64_t{4} << 30;

using Archive = std::unique_ptr<archive, decltype(&archive_read_free)>;

// An entry's name as a path inside the folder, or why it cannot be one.
std::string bad_name(const std::string& name) {
    if (name.empty()) return "an entry without a name";
    if (name[0] == '/') return "an absolute path";
    for (const auto& part : fs::path(name))
        if (part == "..") return "a '..' leading out of the package";
    return "";
}

// Copies the entry's data to `file`, counting the bytes against `budget`.
std::string copy_data(archive* a, const fs::path& file, std::int64_t& budget) {
    std::ofstream out(file, std::ios::binary);
    if (!out) return "cannot write " + file.string();
    char buffer[1 << 16];
    for (la_ssize_t n; (n = archive_read_data(a, buffer, sizeof buffer)) != 0;) {
        if (n < 0) return std::string("cannot read the entry: ") + archive_error_string(a);
        budget -= n;
        if (budget < 0) return "the package unpacks to more than 4 GiB";
        out.write(buffer, n);
    }
    return out ? "" : "cannot write " + file.string();
}

}  // namespace

std::vector<Diagnostic> unpack_zip(const fs::path& zip, const fs::path& into) {
    const auto refused = [&](const std::string& m) { return std::vector<Diagnostic>{{zip.string(), 0, 0, m}}; };
    Archive a(archive_read_new(), archive_read_free);
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), zip.c_str(), 1 << 16) != ARCHIVE_OK)
        return refused(std::string("not a zip this judge can read: ") + archive_error_string(a.get()));
    std::error_code ec;
    if (!fs::create_directory(into, ec)) return refused("cannot make " + into.string());
    std::int64_t entries = 0, budget = kMaxBytes;
    std::vector<Diagnostic> refusals;
    archive_entry* e = nullptr;
    for (int r; (r = archive_read_next_header(a.get(), &e)) != ARCHIVE_EOF;) {
        if (r != ARCHIVE_OK) return refused(std::string("a damaged entry: ") + archive_error_string(a.get()));
        if (++entries > kMaxEntries) return refused("more than 100000 entries");
        const std::string name = archive_entry_pathname(e) ? archive_entry_pathname(e) : "";
        const auto type = archive_entry_filetype(e);
        if (auto why = bad_name(name); !why.empty()) {
            refusals.push_back({zip.string() + ":" + name, 0, 0, "refused: " + why});
            continue;
        }
        if (type != AE_IFREG && type != AE_IFDIR) {
            refusals.push_back({zip.string() + ":" + name, 0, 0, "refused: neither a file nor a folder (a link?)"});
            continue;
        }
        const fs::path target = into / name;
        fs::create_directories(type == AE_IFDIR ? target : target.parent_path(), ec);
        if (type == AE_IFREG)
            if (auto why = copy_data(a.get(), target, budget); !why.empty()) return refused(name + ": " + why);
    }
    return refusals;
}

std::optional<std::vector<std::string>> zip_entry_names(const fs::path& zip) {
    Archive a(archive_read_new(), archive_read_free);
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), zip.c_str(), 1 << 16) != ARCHIVE_OK) return std::nullopt;
    std::vector<std::string> names;
    archive_entry* e = nullptr;
    for (int r; (r = archive_read_next_header(a.get(), &e)) != ARCHIVE_EOF;) {
        if (r != ARCHIVE_OK) return std::nullopt;
        if (names.size() >= static_cast<size_t>(kMaxEntries)) break;
        names.emplace_back(archive_entry_pathname(e) ? archive_entry_pathname(e) : "");
    }
    return names;
}

}  // namespace sudoku::formats
