// The doctor's sandbox items, from one probe run through the runner (the detection the runner
// and the start-up line use), and the report they make with the timing items (machine_checks).
#include "sudoku/judge/doctor/doctor.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "machine_checks.hpp"
#include "sudoku/judge/files/no_follow.hpp"
#include "sudoku/judge/grading/cpu_allocation.hpp"
#include "sudoku/judge/output/out_dir.hpp"
#include "sudoku/judge/runner_client/cgroup_support.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
using doctor::read_kernel_file;

namespace {

CheckItem item(std::string name, CheckLevel level, std::string found, std::string meaning, std::string fix = "") {
    return CheckItem{std::move(name), level, std::move(found), std::move(meaning), std::move(fix)};
}

CheckItem check_root() {
    const uid_t uid = geteuid();
    if (uid == 0)
        return item("root", CheckLevel::ok, "running as root",
                    "the runner can make namespaces and cgroups and run every program as nobody (65534)");
    return item("root", CheckLevel::advice, "running as uid " + std::to_string(uid),
                "without root the programs run as this user, in a user namespace if the kernel allows one, and "
                "without cgroups unless this user has a delegated group",
                "run sudoku-judge as root (sudo), as the judge is meant to run");
}

// Whether unprivileged user namespaces are allowed: what a judge without root needs.
CheckItem check_user_namespaces(NamespacesState probed) {
    const std::string max = read_kernel_file("/proc/sys/user/max_user_namespaces").value_or("?");
    const auto debian_switch = read_kernel_file("/proc/sys/kernel/unprivileged_userns_clone");
    std::string found = "user.max_user_namespaces = " + max;
    if (debian_switch) found += ", kernel.unprivileged_userns_clone = " + *debian_switch;
    const bool allowed = max != "0" && debian_switch.value_or("1") != "0";
    if (geteuid() == 0) return item("user namespaces", CheckLevel::ok, found, "not needed: the judge is root");
    if (allowed || probed == NamespacesState::user)
        return item("user namespaces", CheckLevel::ok, found, "a judge without root isolates runs in a user namespace");
    return item("user namespaces", CheckLevel::missing, found,
                "without root and without user namespaces the programs see the host's files and network",
                "sysctl -w kernel.unprivileged_userns_clone=1 user.max_user_namespaces=15000, or run as root");
}

CheckItem check_namespaces(NamespacesState probed) {
    switch (probed) {
        case NamespacesState::on:
            return item("namespaces", CheckLevel::ok, "mount, pid, net, ipc, uts",
                        "a program sees only its box, the system's files and its own processes; no network");
        case NamespacesState::user:
            return item("namespaces", CheckLevel::ok, "user, then mount, pid, net, ipc, uts (rootless)",
                        "the same isolation inside a user namespace; the program keeps the judge's uid outside");
        case NamespacesState::off:
            break;
    }
    return item("namespaces", CheckLevel::missing, "off",
                "a program sees the host's files and network and can signal the judge's processes",
                "run as root, or allow user namespaces (see user namespaces)");
}

// What a run had (the probe) and why, from the one cgroup detection the runner and the start-up
// line use (sudoku/judge/runner_client/cgroup_support.hpp): the version, the group, its controllers, or why not and the
// delegation command that fixes it.
CheckItem check_cgroups(CgroupsState probed) {
    const cgroups::CgroupSupport support = cgroups::detect_cgroup_support();
    const std::string found = "the probe run had cgroup " + std::string(to_string(probed)) + "; " + support.describe();
    if (probed != CgroupsState::off)
        return item("cgroups", CheckLevel::ok, found,
                    "CPU time and resident peak of the whole process tree, the memory limit and the process "
                    "count kept by the kernel");
    const std::string fix = support.remedy.empty() ? cgroups::delegation_command(geteuid() == 0) : support.remedy;
    return item("cgroups", CheckLevel::missing, found,
                "CPU and memory of the tree are polled from /proc every 1 ms (a fast allocator overshoots the "
                "limit between polls) and processes are counted by rlimit" +
                    (support.why_not.empty() ? std::string() : " (" + support.why_not + ")"),
                fix);
}

CheckItem check_uid(const Protections& probed) {
    if (probed.uid != 0)
        return item("uid drop", CheckLevel::ok, "programs run as uid " + std::to_string(probed.uid),
                    "a program cannot act as root on anything it reaches");
    return item("uid drop", CheckLevel::missing, "programs run as uid 0", "a program runs as root",
                "run the judge as root so that it can drop to nobody (65534)");
}

CheckItem check_pinning(const Protections& probed, const CpuAllocation& cpus) {
    if (probed.pinned)
        return item("CPU pinning", CheckLevel::ok, cpus.describe(), "each slot's runs stay on their own CPU");
    return item("CPU pinning", CheckLevel::missing, "the probe run could not be pinned (" + cpus.describe() + ")",
                "runs migrate between CPUs and share them: times vary",
                "allow the judge its CPUs (taskset, the job's cpuset)");
}

// The runner loads its deny list as the last step before exec and fails the run when it cannot,
// so a probe run that succeeded had it; the kernel's files say why when it did not.
CheckItem check_seccomp(const std::string& probe_error) {
    const bool kernel = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
    const std::string actions = read_kernel_file("/proc/sys/kernel/seccomp/actions_avail").value_or("");
    const std::string found =
        kernel ? "seccomp filters available (actions: " + actions + ")" : "no seccomp in this kernel";
    if (kernel && probe_error.empty())
        return item("seccomp", CheckLevel::ok, found, "the system calls that reach past the namespaces return EPERM");
    return item("seccomp", CheckLevel::missing, found,
                "the runner refuses to run a program without its deny list: every run would be FAIL",
                "a kernel with CONFIG_SECCOMP_FILTER (Debian's has it)");
}

// A private scratch folder for the probe run (mkdtemp: 0700, a fresh name), removed with it. When
// the system's temporary folder cannot give one, `error` says so and there is no folder: the probe
// never falls back to a folder others may have prepared (the current one).
struct ProbeFolder {
    fs::path dir;
    std::string error;
    ProbeFolder() {
        std::error_code ec;
        const fs::path temp = fs::temp_directory_path(ec);
        if (ec) {
            error = "no usable temporary folder (TMPDIR): " + ec.message();
            return;
        }
        std::string name = (temp / "sudoku-doctor-XXXXXX").string();
        if (!mkdtemp(name.data())) {
            error = "cannot make a private folder in " + temp.string() + " (TMPDIR): " + std::strerror(errno);
            return;
        }
        dir = fs::canonical(name, ec);  // the probe's paths hold no link (sudoku/judge/files/no_follow.hpp)
        if (ec) error = "cannot resolve " + name + ": " + ec.message();
    }
    ~ProbeFolder() {
        try {
            if (!dir.empty()) remove_no_follow(dir);
        } catch (const OutputError&) {
            // what is left is the doctor's own private folder in the temporary folder: harmless
        }
    }
};

// What grade would say of the out folder doctor was asked about, through the same check.
CheckItem check_out_folder(const DoctorRequest& request) {
    const auto why = out_dir_unusable(request.contest ? &*request.contest : nullptr, request.out_dir);
    if (!why)
        return item("--out", CheckLevel::ok, request.out_dir.string() + " is a folder grade writes into",
                    "grading may write its results there");
    return item("--out", CheckLevel::missing, *why, "grade refuses this folder: nothing can be graded into it",
                "choose an empty folder, or one an earlier grade made");
}

}  // namespace

bool DoctorReport::every_protection() const {
    return std::none_of(items.begin(), items.end(), [](const CheckItem& i) { return i.level == CheckLevel::missing; });
}

DoctorReport examine_machine(const DoctorRequest& request) {
    DoctorReport report;
    std::vector<int> allowed = allowed_cpus();
    if (allowed.empty()) allowed = {0};
    const CpuAllocation cpus = allocate_cpus(std::max(1, request.jobs), allowed);
    RunRequest wanted;
    wanted.core = cpus.slot_cpu.front();
    std::string folder_error;
    {
        const ProbeFolder scratch;
        folder_error = scratch.error;
        const ProtectionProbe probe = scratch.error.empty() ? probe_protections(scratch.dir / "probe", wanted)
                                                            : ProtectionProbe{Protections{}, scratch.error};
        report.protections = probe.protections;
        report.probe_error = probe.error;
    }
    auto& items = report.items;
    if (!folder_error.empty())
        items.push_back(item("temporary folder", CheckLevel::missing, folder_error,
                             "the sandbox was not probed: doctor probes only in a private folder of its own",
                             "set TMPDIR to a folder on a local disk that this user can write, or unset it (/tmp)"));
    else if (!report.probe_error.empty())
        items.push_back(item("sandbox", CheckLevel::missing, "the runner failed: " + report.probe_error,
                             "no run can be graded: every result would be FAIL",
                             "run sudoku-judge as root, from an installation with its libexec/sudoku/sudoku-sandbox"));
    items.push_back(check_root());
    items.push_back(check_user_namespaces(report.protections.namespaces));
    items.push_back(check_namespaces(report.protections.namespaces));
    items.push_back(check_cgroups(report.protections.cgroups));
    items.push_back(check_uid(report.protections));
    items.push_back(check_seccomp(report.probe_error));
    items.push_back(check_pinning(report.protections, cpus));
    items.push_back(doctor::check_swap(report.protections.cgroups));
    items.push_back(doctor::check_huge_pages());
    items.push_back(doctor::check_governor(cpus.slot_cpu));
    items.push_back(doctor::check_turbo());
    items.push_back(doctor::check_smt_siblings(cpus.slot_cpu));
    items.push_back(doctor::check_load(static_cast<int>(allowed.size())));
    items.push_back(doctor::check_disk(request.out_dir));
    if (request.out_dir_chosen) items.push_back(check_out_folder(request));
    for (auto& compiler : doctor::check_compilers(request.contest)) items.push_back(std::move(compiler));
    return report;
}

nlohmann::json to_json(const DoctorReport& report) {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& i : report.items)
        items.push_back({{"name", i.name},
                         {"level", to_string(i.level)},
                         {"found", i.found},
                         {"meaning", i.meaning},
                         {"fix", i.fix}});
    return {{"every_protection", report.every_protection()},
            {"protections",
             report.probe_error.empty() ? report.protections.describe() : "sandbox unavailable: " + report.probe_error},
            {"items", items}};
}

std::string bracketed_choice(const std::string& text) {
    const size_t open = text.find('['), close = text.find(']', open);
    return open == std::string::npos || close == std::string::npos ? text : text.substr(open + 1, close - open - 1);
}

std::vector<int> parse_cpu_list(const std::string& text) {
    std::vector<int> cpus;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(',', at);
        if (end == std::string::npos) end = text.size();
        const std::string part = text.substr(at, end - at);
        int first = 0, last = 0;
        const int read = std::sscanf(part.c_str(), "%d-%d", &first, &last);
        if (read >= 1)
            for (int c = first; c <= (read == 2 ? last : first); ++c) cpus.push_back(c);
        at = end + 1;
    }
    return cpus;
}

}  // namespace sudoku::judge
