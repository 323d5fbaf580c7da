// The doctor's timing items: swap, transparent huge pages, the CPU's governor and turbo, SMT
// siblings of the slots' CPUs, load, free disk, and the compilers (table in sudoku/judge/doctor/doctor.hpp).
#include "machine_checks.hpp"

#include <sys/statvfs.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "sudoku/judge/contest/languages.hpp"
#include "sudoku/judge/grading/compile.hpp"

namespace sudoku::judge::doctor {

namespace fs = std::filesystem;

namespace {

const fs::path kCpus = "/sys/devices/system/cpu";

fs::path cpu_file(int cpu, const char* relative) { return kCpus / ("cpu" + std::to_string(cpu)) / relative; }

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : ", ") + w;
    return s;
}

std::string cpu_names(const std::vector<int>& cpus) {
    std::string s;
    for (int c : cpus) s += (s.empty() ? "" : ", ") + std::to_string(c);
    return s;
}

CheckItem item(std::string name, CheckLevel level, std::string found, std::string meaning, std::string fix = "") {
    return CheckItem{std::move(name), level, std::move(found), std::move(meaning), std::move(fix)};
}

long long meminfo_kib(const std::string& key) {
    std::ifstream in("/proc/meminfo");
    for (std::string k; in >> k;) {
        long long value = 0;
        in >> value;
        if (k == key + ":") return value;
        in.ignore(256, '\n');
    }
    return -1;
}

// Whether the kernel lets the runner forbid swap per run: v1 memsw (swapaccount), v2 memory.swap.max
// (looked for in any group below the root: the root has none).
bool swap_limit_available() {
    if (fs::exists("/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes")) return true;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/sys/fs/cgroup", ec))
        if (entry.is_directory(ec) && fs::exists(entry.path() / "memory.swap.max", ec)) return true;
    return false;
}

// The Debian package that brings a language's compiler or interpreter.
std::string package_of(const std::string& program) {
    static const std::map<std::string, std::string> packages = {
        {"gcc", "gcc"}, {"g++", "g++"}, {"fpc", "fp-compiler"}, {"python3", "python3"}, {"javac", "default-jdk"}};
    auto it = packages.find(fs::path(program).filename().string());
    return it == packages.end() ? "the package that provides " + program : it->second;
}

// The languages the contest's submissions are written in (file extensions under the contestants' folder).
std::set<std::string> languages_in_use(const Contest& contest, const std::vector<Language>& languages) {
    std::set<std::string> used;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(contest.contestants_dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it.depth() > 2) it.disable_recursion_pending();
        if (const Language* language = language_of(languages, it->path())) used.insert(language->name);
    }
    return used;
}

}  // namespace

std::optional<std::string> read_kernel_file(const fs::path& file) {
    std::ifstream in(file);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

CheckItem check_swap(CgroupsState cgroups) {
    const long long swap_kib = meminfo_kib("SwapTotal");
    if (swap_kib <= 0)
        return item("swap", CheckLevel::ok, "no swap", "a run's memory stays resident: the limit is exact");
    const std::string found = std::to_string(swap_kib / 1024) + " MiB of swap";
    if (cgroups != CgroupsState::off && swap_limit_available())
        return item("swap", CheckLevel::ok, found + "; the runs' groups forbid it (memory.memsw / memory.swap.max)",
                    "a run cannot swap out beyond its memory limit");
    return item("swap", CheckLevel::advice, found + "; the runs cannot be kept from it",
                "a run over its limit may be swapped out, slow, instead of stopped, and polled resident memory "
                "does not count swapped pages",
                "swapoff -a before the contest (or boot with swapaccount=1 on cgroup v1)");
}

CheckItem check_huge_pages() {
    const auto text = read_kernel_file("/sys/kernel/mm/transparent_hugepage/enabled");
    if (!text) return item("huge pages", CheckLevel::ok, "transparent huge pages not available", "nothing to do");
    const std::string mode = bracketed_choice(*text);
    if (mode != "always")
        return item("huge pages", CheckLevel::ok, "transparent huge pages: " + mode,
                    "a run's memory is counted in 4 KiB pages unless it asks otherwise");
    return item("huge pages", CheckLevel::advice, "transparent huge pages: always",
                "a program's memory may grow in 2 MiB steps and its time varies with the kernel's compaction",
                "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled");
}

CheckItem check_governor(const std::vector<int>& slot_cpus) {
    std::map<std::string, std::vector<int>> by_governor;
    for (int cpu : slot_cpus)
        by_governor[read_kernel_file(cpu_file(cpu, "cpufreq/scaling_governor")).value_or("")].push_back(cpu);
    if (by_governor.size() == 1 && by_governor.begin()->first.empty())
        return item("CPU governor", CheckLevel::ok,
                    "not exposed on CPUs " + cpu_names(slot_cpus) + " (a virtual machine: the host sets it)",
                    "the slots' clock is the hypervisor's to keep steady");
    std::string found;
    bool steady = true;
    for (const auto& [governor, cpus] : by_governor) {
        found += (found.empty() ? "" : "; ") + (governor.empty() ? "none" : governor) + " on CPUs " + cpu_names(cpus);
        steady = steady && governor == "performance";
    }
    if (steady) return item("CPU governor", CheckLevel::ok, found, "the slots' CPUs run at a steady clock");
    return item("CPU governor", CheckLevel::advice, found,
                "the clock follows the load: a run's CPU time depends on what ran before it",
                "cpupower frequency-set -g performance (or echo performance > "
                "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)");
}

CheckItem check_turbo() {
    if (auto no_turbo = read_kernel_file(kCpus / "intel_pstate/no_turbo")) {
        if (*no_turbo == "1")
            return item("turbo", CheckLevel::ok, "intel_pstate turbo off",
                        "the clock does not jump with temperature and load");
        return item("turbo", CheckLevel::advice, "intel_pstate turbo on",
                    "a CPU's clock depends on how many cores are busy and how warm it is: times vary",
                    "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
    }
    if (auto boost = read_kernel_file(kCpus / "cpufreq/boost")) {
        if (*boost == "0")
            return item("turbo", CheckLevel::ok, "boost off", "the clock does not jump with temperature and load");
        return item("turbo", CheckLevel::advice, "boost on",
                    "a CPU's clock depends on how many cores are busy and how warm it is: times vary",
                    "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
    }
    return item("turbo", CheckLevel::ok, "not exposed (a virtual machine, or no frequency driver)",
                "the clock is the hypervisor's or the firmware's to keep steady");
}

CheckItem check_smt_siblings(const std::vector<int>& slot_cpus) {
    const std::set<int> slots(slot_cpus.begin(), slot_cpus.end());
    std::string shared, busy_siblings;
    for (int cpu : slots) {
        const auto text = read_kernel_file(cpu_file(cpu, "topology/thread_siblings_list"));
        for (int sibling : text ? parse_cpu_list(*text) : std::vector<int>{}) {
            if (sibling == cpu) continue;
            if (slots.count(sibling) && sibling > cpu)
                shared += (shared.empty() ? "" : ", ") + std::to_string(cpu) + "+" + std::to_string(sibling);
            else if (!slots.count(sibling))
                busy_siblings +=
                    (busy_siblings.empty() ? "" : ", ") + std::to_string(sibling) + " (of " + std::to_string(cpu) + ")";
        }
    }
    if (shared.empty() && busy_siblings.empty())
        return item("SMT siblings", CheckLevel::ok, "no slot CPU (" + cpu_names(slot_cpus) + ") shares a core",
                    "a run has its core to itself");
    std::string found = shared.empty() ? "" : "slots share cores: " + shared;
    if (!busy_siblings.empty())
        found += std::string(found.empty() ? "" : "; ") + "siblings outside the slots: " + busy_siblings;
    return item("SMT siblings", CheckLevel::advice, found,
                "two hardware threads of one core slow each other: a run's time depends on its sibling's work",
                "--jobs with one slot per core and the siblings idle (taskset), or echo off > "
                "/sys/devices/system/cpu/smt/control");
}

CheckItem check_load(int cpus) {
    double load = 0;
    const auto text = read_kernel_file("/proc/loadavg");
    if (!text || std::sscanf(text->c_str(), "%lf", &load) != 1)
        return item("load", CheckLevel::advice, "/proc/loadavg unreadable", "unknown competition for the CPUs");
    char found[96];
    std::snprintf(found, sizeof found, "load average %.2f over the last minute, %d CPUs", load, cpus);
    if (load < 1) return item("load", CheckLevel::ok, found, "nothing else competes with the runs");
    return item("load", CheckLevel::advice, found,
                "other work competes with the runs for CPUs, caches and memory bandwidth: CPU times vary with it",
                "grade on an idle machine (stop other jobs; a cluster node of its own)");
}

CheckItem check_disk(const fs::path& out_dir) {
    fs::path existing = fs::absolute(out_dir);
    std::error_code ec;
    while (!fs::exists(existing, ec) && existing.has_relative_path()) existing = existing.parent_path();
    struct statvfs st {};
    if (statvfs(existing.c_str(), &st) != 0)
        return item("disk", CheckLevel::advice, "cannot read the free space under " + existing.string(), "unknown");
    const double free_gib = static_cast<double>(st.f_bavail) * static_cast<double>(st.f_frsize) / (1 << 30);
    char found[512];
    std::snprintf(found, sizeof found, "%.1f GiB free under %s", free_gib, existing.c_str());
    if (free_gib >= 1) return item("disk", CheckLevel::ok, found, "room for the journal, the binaries and the boxes");
    return item("disk", CheckLevel::advice, found,
                "a full disk stops grading (it resumes once there is room): each box holds a program's output files",
                "--out on a disk with at least 1 GiB free");
}

std::vector<CheckItem> check_compilers(const std::optional<Contest>& contest) {
    const std::vector<Language> languages = contest_languages(contest ? contest->compile : CompileSettings{});
    const std::vector<fs::path> dirs = contest ? contest->read_only_dirs : std::vector<fs::path>{};
    const std::set<std::string> used = contest ? languages_in_use(*contest, languages) : std::set<std::string>{};
    const CommandWords words{{"a"}, "a", "prog", "/box", "a"};
    std::vector<CheckItem> items;
    for (const Language& language : languages) {
        if (contest && !used.count(language.name)) continue;
        std::vector<std::string> tools, found, absent;
        for (const std::string* command : {&language.compile, &language.run}) {
            const auto argv = command_argv(*command, words);
            if (!argv.empty() && argv[0] != "./prog" && argv[0] != "prog" &&
                std::find(tools.begin(), tools.end(), argv[0]) == tools.end())
                tools.push_back(argv[0]);
        }
        for (const auto& tool : tools) {
            const fs::path where = find_tool(tool, dirs);
            if (where.empty())
                absent.push_back(tool);
            else
                found.push_back(where.string());
        }
        const std::string name = "compiler " + language.name;
        if (absent.empty())
            items.push_back(item(name, CheckLevel::ok, joined(found), language.name + " submissions compile and run"));
        else
            items.push_back(item(name, CheckLevel::advice, "not in the sandbox's PATH: " + joined(absent),
                                 language.name + " submissions would all be CE (\"not installed on this judge\")",
                                 "apt install " + package_of(absent.front())));
    }
    return items;
}

}  // namespace sudoku::judge::doctor
