// Paths in the judge's own folders (--out, a shard folder), reached without following any link.
//
// Those folders may sit on shared storage that others can write (docs/scale-out.md), and the judge
// works there as root: a link planted in place of `probe`, `work/slot-0/stdout`, `build/<name>` or
// `journal.jsonl` would make it chown, truncate, fill, empty or append to whatever the link names.
// So every path handed to these functions must hold no link at all, from `/` down: grade turns its
// --out into such a path once (fs::canonical, after out_dir_not_ours refused a link as --out), and
// everything below it is the judge's to name. The kernel checks the whole path at once with
// openat2(RESOLVE_NO_SYMLINKS) where it has it (Linux 5.6); elsewhere each folder on the way is
// opened with O_NOFOLLOW and checked to be a folder, then the last name with O_NOFOLLOW.
#pragma once

#include <sys/types.h>

#include <filesystem>

#include "sudoku/judge/files/durable_file.hpp"  // OutputError

namespace sudoku::judge {

// `out` (made if missing) as the path without links that the functions below need: its own
// parents are the host's and may be links, `out` itself may not. Throws OutputError.
std::filesystem::path own_folder(const std::filesystem::path& out);

// open(2) of `file`, refusing a link anywhere on its path (errno ELOOP, or ENOTDIR where a link
// stands for a folder on the way). O_CLOEXEC is added. -1 with errno on failure.
int open_no_follow(const std::filesystem::path& file, int flags, mode_t mode = 0);

// Makes the folder `dir` and every missing folder above it (mode 0755). Throws OutputError naming
// the place when a link or a file stands where a folder belongs: nothing is made through it.
void make_folders_no_follow(const std::filesystem::path& dir);

// Removes `path` whatever it is: a file, a link (the link, never what it names) or a whole folder,
// whose contents are removed through folder descriptors without ever crossing a link. Nothing
// there is no error. Throws OutputError when a folder above `path` is a link or cannot be read.
void remove_no_follow(const std::filesystem::path& path);

}  // namespace sudoku::judge
