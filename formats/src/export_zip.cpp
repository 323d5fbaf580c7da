// A written package zipped for the hosts that import a zip (DOMjudge, Hydro), with libarchive.
//
// The zip is a function of the folder's contents alone, so two exports of one test set are the
// same bytes wherever it runs: entries sorted by path, every time stamp the same fixed instant
// (one that reads the same in every time zone), owner 0, modes 0644 for files and 0755 for
// folders, and none of the host's user or group names.
#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <fstream>
#include <memory>

#include "export_parts.hpp"

namespace sudoku::formats::export_parts {

namespace fs = std::filesystem;

namespace {

using Archive = std::unique_ptr<archive, decltype(&archive_write_free)>;
using Entry = std::unique_ptr<archive_entry, decltype(&archive_entry_free)>;

// 1979-12-31T00:00:00Z. A zip entry keeps its time twice: exactly, in UTC (the extended timestamp),
// and as DOS time, which libarchive writes in the local time zone, so that any later instant gives
// bytes that depend on the TZ of the export. DOS time starts at 1980-01-01 00:00 and libarchive
// writes that for every earlier local time; a day before 1980 in UTC is before it in every zone
// (offsets stay within 14 hours), so every zone writes the same bytes.
constexpr time_t kFixedTime = 315446400;

[[noreturn]] void fail(const fs::path& zip, archive* a, const std::string& what) {
    const char* why = a ? archive_error_string(a) : nullptr;
    throw WriteError{Diagnostic{zip.string(), 0, 0, what + (why ? std::string(": ") + why : std::string())}};
}

void add_entry(archive* a, const fs::path& zip, const fs::path& from, const std::string& name, bool folder) {
    Entry e(archive_entry_new(), archive_entry_free);
    archive_entry_set_pathname(e.get(), name.c_str());
    archive_entry_set_filetype(e.get(), folder ? AE_IFDIR : AE_IFREG);
    archive_entry_set_perm(e.get(), folder ? 0755 : 0644);
    archive_entry_set_mtime(e.get(), kFixedTime, 0);
    archive_entry_set_uid(e.get(), 0);
    archive_entry_set_gid(e.get(), 0);
    archive_entry_set_size(e.get(), folder ? 0 : static_cast<la_int64_t>(fs::file_size(from)));
    if (archive_write_header(a, e.get()) != ARCHIVE_OK) fail(zip, a, "cannot add " + name);
    if (folder) return;
    std::ifstream in(from, std::ios::binary);
    if (!in) fail(zip, nullptr, "cannot read " + from.string());
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        if (archive_write_data(a, buffer, static_cast<size_t>(in.gcount())) < 0) fail(zip, a, "cannot add " + name);
}

}  // namespace

void zip_folder(const fs::path& folder, const fs::path& zip) {
    std::vector<std::pair<std::string, bool>> entries;  // path inside the zip, is a folder
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        const std::string name = e.path().lexically_relative(folder).generic_string();
        if (e.is_directory())
            entries.emplace_back(name + "/", true);
        else if (e.is_regular_file())
            entries.emplace_back(name, false);
        else
            throw WriteError{Diagnostic{e.path().string(), 0, 0, "neither a file nor a folder: not zipped"}};
    }
    std::sort(entries.begin(), entries.end());
    Archive a(archive_write_new(), archive_write_free);
    if (archive_write_set_format_zip(a.get()) != ARCHIVE_OK) fail(zip, a.get(), "cannot write a zip");
    archive_write_set_options(a.get(), "zip:compression=deflate");
    if (archive_write_open_filename(a.get(), zip.c_str()) != ARCHIVE_OK) fail(zip, a.get(), "cannot write");
    for (const auto& [name, is_folder] : entries) add_entry(a.get(), zip, folder / name, name, is_folder);
    if (archive_write_close(a.get()) != ARCHIVE_OK) fail(zip, a.get(), "cannot finish the zip");
}

}  // namespace sudoku::formats::export_parts
