// Where `sudoku-judge merge` writes: never into a shard's folder, and never a half-made --out. The
// merge is built in a hidden folder beside --out and renamed into place when it is whole; a merge
// that fails removes its folder and leaves --out as it was.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sudoku::judge {

// Why `out` cannot receive a merge of `shard_dirs` (it is, contains or lies inside a shard's
// folder; it is a file; it holds files that are no judge's results), or nothing when it can.
std::optional<std::string> merge_target_problem(const std::filesystem::path& out,
                                                const std::vector<std::filesystem::path>& shard_dirs);

class MergeFolder {
public:
    // Makes the empty folder .<name>.merging-<pid> beside `out`.
    explicit MergeFolder(const std::filesystem::path& out);
    ~MergeFolder();  // removes the folder unless committed
    MergeFolder(const MergeFolder&) = delete;
    MergeFolder& operator=(const MergeFolder&) = delete;

    const std::filesystem::path& temp() const { return temp_; }
    // Renames the folder to `out` (an earlier merge there is replaced) and syncs the parent.
    void commit();

private:
    std::filesystem::path out_, temp_;
    bool committed_ = false;
};

}  // namespace sudoku::judge
