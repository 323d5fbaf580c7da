// The checks on merge's --out and the build-aside-then-rename of sudoku/judge/scaleout/merge_folder.hpp.
#include "sudoku/judge/scaleout/merge_folder.hpp"

#include <unistd.h>

#include <algorithm>

#include "sudoku/common/path_within.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/output/out_dir.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

fs::path real(const fs::path& p) { return fs::weakly_canonical(fs::absolute(p)); }

fs::path beside(const fs::path& out, const std::string& what) {
    std::string name = ".";  // hidden, on the same disk as `out`: renaming it there is atomic
    name += out.filename().string();
    name += "." + what + "-" + std::to_string(getpid());
    return out.parent_path() / name;
}

}  // namespace

std::optional<std::string> merge_target_problem(const fs::path& out, const std::vector<fs::path>& shard_dirs) {
    const fs::path target = real(out);
    for (const auto& dir : shard_dirs) {
        const fs::path shard = real(dir);
        if (is_within(target, shard))
            return "--out " + out.string() + " is " + (target == shard ? "" : "inside ") + "the shard folder " +
                   dir.string() + ": merge never writes into a shard's folder";
        if (is_within(shard, target))
            return "--out " + out.string() + " contains the shard folder " + dir.string() +
                   ": merge never writes into a shard's folder";
    }
    // The merge replaces --out whole: only a folder the judge made, holding only its files.
    return out_dir_not_ours(target);
}

MergeFolder::MergeFolder(const fs::path& out) : out_(real(out)), temp_(beside(out_, "merging")) {
    fs::remove_all(temp_);
    fs::create_directories(temp_);
}

MergeFolder::~MergeFolder() {
    std::error_code ec;
    if (!committed_) fs::remove_all(temp_, ec);
}

void MergeFolder::commit() {
    const fs::path replaced = beside(out_, "replaced");
    const bool had_out = fs::exists(out_);
    // The same lock file (a hard link to the locked inode) goes with the new folder, so the lock this
    // merge holds stays on the file a second judge would open.
    if (fs::exists(out_ / kOutDirLockFile)) fs::create_hard_link(out_ / kOutDirLockFile, temp_ / kOutDirLockFile);
    mark_out_dir(temp_);
    if (had_out) fs::rename(out_, replaced);
    fs::rename(temp_, out_);
    committed_ = true;
    if (had_out) fs::remove_all(replaced);
    sync_directory(out_.parent_path());
}

}  // namespace sudoku::judge
