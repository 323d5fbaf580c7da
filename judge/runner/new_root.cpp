// The whitelisted root (layout and contract in new_root.hpp).
#include "new_root.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::sandbox {

namespace {

// Without a skeleton the root is built over the host's /tmp in the run's own mount namespace: every
// source is already open (box, read-only binds) or outside /tmp (system directories, /dev nodes),
// and /tmp always exists.
constexpr const char* kBuildAt = "/tmp";

const char* const kDevices[] = {"null", "zero", "full", "random", "urandom"};
const char* const kSystemDirs[] = {"usr", "bin", "lib", "lib32", "lib64", "libx32"};

class Builder {
public:
    Builder(std::string at, std::string_view fail_step) : at_(std::move(at)), fail_step_(fail_step) {}

    // A path of the new root as the builder reaches it, before the pivot.
    std::string inside(const std::string& path) const { return at_ + path; }
    const std::string& at() const { return at_; }

    // Whether `step` is the test-only failing one: the caller then fails as the kernel would.
    bool forced(std::string_view step) const {
        if (fail_step_ != step) return false;
        errno = EPERM;
        return true;
    }

    std::optional<SetupFailure> fail(std::string step, std::string what) const {
        return SetupFailure{std::move(step), std::move(what), errno};
    }

private:
    std::string at_;
    std::string_view fail_step_;
};

// mkdir -p below the new root; a part that exists already is fine.
bool make_dirs(const Builder& b, const std::string& path) {
    for (size_t at = 1; at != std::string::npos;) {
        at = path.find('/', at + 1);
        if (mkdir(b.inside(path.substr(0, at)).c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
    return true;
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a path then its text, as in the runner
bool write_new_file(const Builder& b, const std::string& path, const std::string& text) {
    int fd = open(b.inside(path).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

// A mount point of the run; a skeleton already has it.
bool make_dir(const Builder& b, const std::string& path, mode_t mode) {
    return mkdir(b.inside(path).c_str(), mode) == 0 || errno == EEXIST;
}

// An empty file or directory to bind `source` onto, of the source's kind.
bool make_mount_point(const Builder& b, const std::string& path, const struct stat& source) {
    auto slash = path.rfind('/');
    if (slash > 0 && !make_dirs(b, path.substr(0, slash))) return false;
    if (S_ISDIR(source.st_mode)) return mkdir(b.inside(path).c_str(), 0755) == 0 || errno == EEXIST;
    int fd = open(b.inside(path).c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    close(fd);
    return true;
}

// Read-only, keeping every flag the source mount has: in a user namespace those are locked, and a
// remount that would clear one is refused.
bool remount_read_only(const std::string& target) {
    struct statvfs st;
    if (statvfs(target.c_str(), &st) != 0) return false;
    unsigned long flags = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV;
    for (auto [kept, flag] : {std::pair{ST_NOEXEC, MS_NOEXEC}, std::pair{ST_NOATIME, MS_NOATIME},
                              std::pair{ST_NODIRATIME, MS_NODIRATIME}, std::pair{ST_RELATIME, MS_RELATIME}})
        if (st.f_flag & kept) flags |= flag;
    return mount(nullptr, target.c_str(), nullptr, flags, nullptr) == 0;
}

// `source` may be a path or /proc/self/fd/N of a descriptor opened before the build.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): mount's own order, source then target
bool bind_read_only(const Builder& b, const std::string& source, const std::string& target) {
    return mount(source.c_str(), b.inside(target).c_str(), nullptr, MS_BIND | MS_REC, nullptr) == 0 &&
           remount_read_only(b.inside(target));
}

std::optional<SetupFailure> build_system(const Builder& b, const HostLayout& host) {
    for (auto& [name, target] : host.links)
        if (symlink(target.c_str(), b.inside("/" + name).c_str()) != 0) return b.fail("root", "symlink /" + name);
    for (auto& name : host.dirs)
        if (mkdir(b.inside("/" + name).c_str(), 0755) != 0 || b.forced("bind") ||
            !bind_read_only(b, "/" + name, "/" + name))
            return b.fail("bind", "bind /" + name + " read-only");
    return std::nullopt;
}

// passwd and group name root and nobody (65534, the runner's default identity of the program).
std::optional<SetupFailure> build_etc(const Builder& b, const HostLayout& host) {
    if (mkdir(b.inside("/etc").c_str(), 0755) != 0 ||
        !write_new_file(
            b, "/etc/passwd",
            std::string("root:x:0:0:root:/:/bin/false\nnobody:x:65534:65534:nobody:") + kBoxInside + ":/bin/false\n") ||
        !write_new_file(b, "/etc/group", "root:x:0:\nnogroup:x:65534:\n") ||
        (!host.ld_so_cache.empty() && !write_new_file(b, "/etc/ld.so.cache", host.ld_so_cache)))
        return b.fail("root", "write /etc");
    if (host.alternatives && (mkdir(b.inside("/etc/alternatives").c_str(), 0755) != 0 || b.forced("bind") ||
                              !bind_read_only(b, "/etc/alternatives", "/etc/alternatives")))
        return b.fail("bind", "bind /etc/alternatives read-only");
    for (const auto& dir : host.jdk_config)
        if (mkdir(b.inside(dir).c_str(), 0755) != 0 || !bind_read_only(b, dir, dir))
            return b.fail("bind", "bind " + dir + " read-only");
    return std::nullopt;
}

std::optional<SetupFailure> build_dev(const Builder& b) {
    if (mkdir(b.inside("/dev").c_str(), 0755) != 0) return b.fail("dev", "mkdir /dev");
    for (const char* name : kDevices) {
        std::string node = std::string("/dev/") + name;
        int fd = open(b.inside(node).c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0) return b.fail("dev", "create " + node);
        close(fd);
        if (b.forced("dev") || mount(node.c_str(), b.inside(node).c_str(), nullptr, MS_BIND, nullptr) != 0)
            return b.fail("dev", "bind " + node);
    }
    for (auto [name, target] : {std::pair{"fd", "/proc/self/fd"}, std::pair{"stdin", "/proc/self/fd/0"},
                                std::pair{"stdout", "/proc/self/fd/1"}, std::pair{"stderr", "/proc/self/fd/2"}})
        if (symlink(target, b.inside(std::string("/dev/") + name).c_str()) != 0)
            return b.fail("dev", std::string("symlink /dev/") + name);
    return std::nullopt;
}

// A fresh /proc (this pid namespace only) and an empty /tmp.
std::optional<SetupFailure> build_proc_and_tmp(const Builder& b, const RootPlan& plan) {
    if (!make_dir(b, "/proc", 0555) || b.forced("proc") ||
        mount("proc", b.inside("/proc").c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
        return b.fail("proc", "mount a fresh /proc");
    std::string tmp_options = "size=" + std::to_string(plan.tmp_mib) + "m,mode=1777";
    if (!make_dir(b, "/tmp", 0755) || b.forced("tmpfs") ||
        mount("tmpfs", b.inside("/tmp").c_str(), "tmpfs", MS_NOSUID | MS_NODEV, tmp_options.c_str()) != 0)
        return b.fail("tmpfs", "mount tmpfs on /tmp");
    return std::nullopt;
}

// The run's own places: /proc, /tmp and the box.
std::optional<SetupFailure> build_run_places(const Builder& b, const RootPlan& plan) {
    if (auto f = build_proc_and_tmp(b, plan)) return f;
    std::string box_source = "/proc/self/fd/" + std::to_string(plan.box_fd);
    if (!make_dir(b, kBoxInside, 0755) || b.forced("bind") ||
        mount(box_source.c_str(), b.inside(kBoxInside).c_str(), nullptr, MS_BIND, nullptr) != 0)
        return b.fail("bind", std::string("bind the work directory at ") + kBoxInside);
    return std::nullopt;
}

// A source of a read-only bind, opened before the root is built over /tmp (it may lie there).
struct OpenSource {
    int fd = -1;
    struct stat st {};
    OpenSource() = default;
    OpenSource(const OpenSource&) = delete;
    OpenSource& operator=(const OpenSource&) = delete;
    ~OpenSource() {
        if (fd >= 0) close(fd);
    }
};

std::optional<SetupFailure> open_sources(const Builder& b, const RootPlan& plan, std::vector<OpenSource>& sources) {
    for (size_t i = 0; i < plan.read_only.size(); ++i) {
        sources[i].fd = open(plan.read_only[i].host.c_str(), O_PATH | O_CLOEXEC);
        if (sources[i].fd < 0 || fstat(sources[i].fd, &sources[i].st) != 0)
            return b.fail("bind", "open " + plan.read_only[i].host);
    }
    return std::nullopt;
}

std::optional<SetupFailure> build_read_only(const Builder& b, const RootPlan& plan,
                                            const std::vector<OpenSource>& sources) {
    for (size_t i = 0; i < plan.read_only.size(); ++i) {
        const ReadOnlyBind& bind = plan.read_only[i];
        if (!make_mount_point(b, bind.inside, sources[i].st) || b.forced("bind") ||
            !bind_read_only(b, "/proc/self/fd/" + std::to_string(sources[i].fd), bind.inside))
            return b.fail("bind", "bind " + bind.host + " read-only at " + bind.inside);
    }
    return std::nullopt;
}

// pivot_root(".", "."): the old root ends up stacked on the new one and is detached at once, so no
// directory is needed to park it in.
std::optional<SetupFailure> pivot(const Builder& b) {
    if (chdir(b.at().c_str()) != 0 || b.forced("pivot-root") || syscall(SYS_pivot_root, ".", ".") != 0)
        return b.fail("pivot-root", "pivot_root into the new root");
    if (umount2(".", MNT_DETACH) != 0 || chdir("/") != 0) return b.fail("pivot-root", "detach the old root");
    if (mount(nullptr, "/", nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
        return b.fail("pivot-root", "make the new root read-only");
    return std::nullopt;
}

}  // namespace

std::string SetupFailure::message() const { return "new root (" + step + "): " + what + ": " + std::strerror(error); }

const HostLayout& host_layout() {
    static const HostLayout layout = [] {
        HostLayout h;
        for (const char* name : kSystemDirs) {
            std::string path = std::string("/") + name;
            struct stat st;
            if (lstat(path.c_str(), &st) != 0) continue;
            if (S_ISLNK(st.st_mode)) {
                char target[4096];
                ssize_t n = readlink(path.c_str(), target, sizeof target);
                if (n > 0) h.links.emplace_back(name, std::string(target, n));
            } else if (S_ISDIR(st.st_mode))
                h.dirs.emplace_back(name);
        }
        std::ifstream cache("/etc/ld.so.cache", std::ios::binary);
        std::ostringstream bytes;
        bytes << cache.rdbuf();
        h.ld_so_cache = bytes.str();
        struct stat st;
        h.alternatives = stat("/etc/alternatives", &st) == 0 && S_ISDIR(st.st_mode);
        // Debian's JDKs keep their configuration here, linked from /usr/lib/jvm/*/conf.
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator("/etc", ec)) {
            const std::string name = e.path().filename().string();
            if (name.rfind("java-", 0) == 0 && name.size() > 13 && name.substr(name.size() - 8) == "-openjdk" &&
                !e.is_symlink(ec) && e.is_directory(ec))
                h.jdk_config.push_back(e.path().string());
        }
        std::sort(h.jdk_config.begin(), h.jdk_config.end());
        return h;
    }();
    return layout;
}

namespace {

// The parts every run shares: the root's tmpfs, the system files, /etc and /dev.
std::optional<SetupFailure> build_shared(const Builder& b) {
    const HostLayout& host = host_layout();
    if (b.forced("root") ||
        mount("sudoku-root", b.at().c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755") != 0)
        return b.fail("root", "mount the new root's tmpfs");
    if (auto f = build_system(b, host)) return f;
    if (auto f = build_etc(b, host)) return f;
    return build_dev(b);
}

}  // namespace

std::optional<SetupFailure> build_skeleton(const std::string& at) { return build_shared(Builder(at, "")); }

std::string make_runner_skeleton() {
    if (unshare(CLONE_NEWNS) != 0 || mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0) return "";
    std::string name =
        "/tmp/" + std::string(sudoku::judge::kRunnerSkeletonPrefix) + std::to_string(getpid()) + "-XXXXXX";
    char* at = name.data();
    if (!mkdtemp(at)) return "";
    if (build_skeleton(at)) {
        umount2(at, MNT_DETACH);
        rmdir(at);
        return "";
    }
    return at;
}

void remove_runner_skeleton(const std::string& at) {
    if (at.empty()) return;
    umount2(at.c_str(), MNT_DETACH);
    rmdir(at.c_str());
}

namespace {

// A detached copy of the mount at `fd` (its whole tree when `recursive`): it can be attached in
// another mount namespace, where a bind of a path of this one would be refused.
int clone_tree(int fd, bool recursive) {
    return open_tree(fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH | (recursive ? AT_RECURSIVE : 0));
}

// A descriptor closed at the end of its scope.
struct Fd {
    int fd = -1;
    Fd() = default;
    explicit Fd(int f) : fd(f) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (fd >= 0) close(fd);
    }
};

// Attaches a clone_tree at `target`, private to the run (a clone keeps its source's propagation).
bool attach(int tree, const std::string& target) {
    return move_mount(tree, "", AT_FDCWD, target.c_str(), MOVE_MOUNT_F_EMPTY_PATH) == 0 &&
           mount(nullptr, target.c_str(), nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
}

// The root namespace's first process: detaches the host from a copy of the runner's namespace,
// tells the runner, and waits to be killed once the runner holds the namespace.
[[noreturn]] void hold_root_namespace(const std::string& skeleton, int ready) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const bool ok = unshare(CLONE_NEWNS) == 0 && mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
                    chdir(skeleton.c_str()) == 0 && syscall(SYS_pivot_root, ".", ".") == 0 &&
                    umount2(".", MNT_DETACH) == 0 && chdir("/") == 0;
    const char byte = ok ? 'y' : 'n';
    (void)!write(ready, &byte, 1);
    for (;;) pause();
}

}  // namespace

int make_root_namespace(const std::string& skeleton) {
    if (skeleton.empty() || getuid() != 0) return -1;
    int ready[2];
    if (pipe2(ready, O_CLOEXEC) != 0) return -1;
    const pid_t holder = fork();
    if (holder == 0) {
        close(ready[0]);
        hold_root_namespace(skeleton, ready[1]);
    }
    close(ready[1]);
    char byte = 0;
    int ns = -1;
    if (holder > 0 && read(ready[0], &byte, 1) == 1 && byte == 'y')
        ns = open(("/proc/" + std::to_string(holder) + "/ns/mnt").c_str(), O_RDONLY | O_CLOEXEC);
    close(ready[0]);
    if (holder > 0) {
        kill(holder, SIGKILL);
        while (waitpid(holder, nullptr, 0) < 0 && errno == EINTR) {}
    }
    return ns;
}

std::optional<SetupFailure> enter_root_namespace(const RootPlan& plan, int root_ns) {
    Builder b("", "");
    std::vector<OpenSource> sources(plan.read_only.size());
    if (auto f = open_sources(b, plan, sources)) return f;
    const Fd box(clone_tree(plan.box_fd, false));
    if (box.fd < 0) return b.fail("bind", "clone the work directory's mount");
    std::vector<Fd> trees(plan.read_only.size());
    for (size_t i = 0; i < trees.size(); ++i)
        if ((trees[i].fd = clone_tree(sources[i].fd, true)) < 0)
            return b.fail("bind", "clone the mount of " + plan.read_only[i].host);
    if (setns(root_ns, CLONE_NEWNS) != 0 || unshare(CLONE_NEWNS) != 0)
        return b.fail("root", "join a copy of the runner's root namespace");
    if (auto f = build_proc_and_tmp(b, plan)) return f;
    if (!make_dir(b, kBoxInside, 0755) || !attach(box.fd, kBoxInside))
        return b.fail("bind", std::string("bind the work directory at ") + kBoxInside);
    for (size_t i = 0; i < trees.size(); ++i) {
        const ReadOnlyBind& bind = plan.read_only[i];
        if (!make_mount_point(b, bind.inside, sources[i].st) || !attach(trees[i].fd, bind.inside) ||
            !remount_read_only(bind.inside))
            return b.fail("bind", "bind " + bind.host + " read-only at " + bind.inside);
    }
    if (chdir("/") != 0 ||
        mount(nullptr, "/", nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
        return b.fail("pivot-root", "make the new root read-only");
    return std::nullopt;
}

std::optional<SetupFailure> enter_new_root(const RootPlan& plan, std::string_view fail_step,
                                           const std::string& skeleton) {
    Builder b(skeleton.empty() ? kBuildAt : skeleton, fail_step);
    std::vector<OpenSource> sources(plan.read_only.size());
    if (auto f = open_sources(b, plan, sources)) return f;
    if (skeleton.empty())
        if (auto f = build_shared(b)) return f;
    if (auto f = build_run_places(b, plan)) return f;
    if (auto f = build_read_only(b, plan, sources)) return f;
    return pivot(b);
}

}  // namespace sudoku::sandbox
