// The rules of sudoku/judge/output/out_dir.hpp.
#include "sudoku/judge/output/out_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "sudoku/common/path_within.hpp"
#include "sudoku/judge/files/durable_file.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// Every name the judge writes at the top of an --out: its reports (and their temporaries), its
// journal, a shard's description, its lock and marker, its build, work and probe folders.
bool written_by_the_judge(const std::string& name) {
    static const std::vector<std::string> names = {
        kOutDirLockFile, kOutDirMarkerFile, "journal.jsonl", "results.json", "results.csv",
        "report.html",   "shard.json",      "build",         "work",         "probe"};
    if (std::find(names.begin(), names.end(), name) != names.end()) return true;
    // write_file_durably's temporaries: ".results.json.XXXXXX" and the like, left by a kill.
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return name.rfind("." + n, 0) == 0; });
}

}  // namespace

std::optional<std::string> out_dir_conflict(const Contest& contest, const fs::path& out) {
    std::vector<std::pair<std::string, fs::path>> kept = {{"contest folder", contest.source.parent_path()},
                                                          {"contestants folder", contest.contestants_dir},
                                                          {"test data folder", contest.testdata_dir}};
    for (const auto& p : contest.problems) kept.emplace_back("test data folder", p.testdata);
    for (const auto& [what, dir] : kept)
        if (!dir.empty() && is_within(dir, out))
            return "--out " + out.string() + (is_within(out, dir) ? " is the " : " contains the ") + what + " " +
                   dir.string() + ": the judge writes only into a folder of its own; choose another";
    if (is_within(out, contest.contestants_dir))
        return "--out " + out.string() + " is inside the contestants folder " + contest.contestants_dir.string() +
               " (it would be graded as a contestant): choose a folder outside it";
    std::vector<fs::path> testdata = {contest.testdata_dir};
    for (const auto& p : contest.problems) testdata.push_back(p.testdata);
    for (const auto& dir : testdata)
        if (is_within(out, dir))
            return "--out " + out.string() + " is inside the test data folder " + dir.string() +
                   ": choose a folder outside it";
    return std::nullopt;
}

std::optional<std::string> out_dir_not_ours(const fs::path& out) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(out, ec))) return std::nullopt;
    if (!fs::is_directory(fs::symlink_status(out, ec))) return "--out " + out.string() + " is not a folder";
    bool marked = false, anything = false;
    std::string foreign;
    for (const auto& entry : fs::directory_iterator(out, ec)) {
        const std::string name = entry.path().filename().string();
        marked = marked || name == kOutDirMarkerFile;
        if (name != kOutDirLockFile) anything = true;
        if (!written_by_the_judge(name) && foreign.empty()) foreign = name;
    }
    if (ec) return "cannot list --out " + out.string() + ": " + ec.message();
    if (!foreign.empty())
        return "--out " + out.string() + " holds " + foreign +
               ", which the judge did not write: it writes only into an empty folder or its own; choose another";
    if (anything && !marked)
        return "--out " + out.string() + " holds files but no " + kOutDirMarkerFile +
               ": it is not a folder the judge made (or an older judge's); empty it or choose another";
    return std::nullopt;
}

std::optional<std::string> out_dir_unusable(const Contest* contest, const fs::path& out) {
    if (contest)
        if (auto conflict = out_dir_conflict(*contest, out)) return conflict;
    return out_dir_not_ours(out);
}

void mark_out_dir(const fs::path& out) {
    if (fs::exists(out / kOutDirMarkerFile)) return;
    write_file_durably(out / kOutDirMarkerFile, "a sudoku-judge results folder: the judge writes and removes here\n");
}

OutDirLock::~OutDirLock() {
    if (fd_ >= 0) close(fd_);  // closing the last descriptor releases the flock
}

std::variant<OutDirLock, std::string> lock_out_dir(const fs::path& out) {
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return "cannot create --out " + out.string() + ": " + ec.message();
    const fs::path file = out / kOutDirLockFile;
    const int fd = open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return "cannot open " + file.string() + ": " + std::strerror(errno);
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        close(fd);
        if (error == EWOULDBLOCK)
            return "another sudoku-judge is using --out " + out.string() + " (it holds " + file.string() +
                   "): wait for it to finish or choose another folder";
        return "cannot lock " + file.string() + ": " + std::strerror(error);
    }
    return OutDirLock(fd);
}

}  // namespace sudoku::judge
