// sudoku-judge doctor: the machine's report before a contest. Its protections are the ones grading
// gets (the same probe through the runner), its exit status follows the items, and the kernel's
// files are read as the kernel writes them.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/doctor/doctor.hpp"
#include "sudoku/judge/grading/cpu_allocation.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

using namespace sudoku::judge;
using namespace judge_test;

namespace {

const CheckItem* item_named(const DoctorReport& report, const std::string& name) {
    auto it =
        std::find_if(report.items.begin(), report.items.end(), [&](const CheckItem& i) { return i.name == name; });
    return it == report.items.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("doctor: its protections are the ones the start-up probe gives grading") {
    const fs::path dir = scratch("doctor-probe");
    DoctorRequest request;
    request.out_dir = dir;
    const DoctorReport report = examine_machine(request);
    RunRequest wanted;
    const std::vector<int> cpus = allowed_cpus();
    wanted.core = cpus.empty() ? 0 : cpus.front();  // the first slot's, as doctor and grading pin it
    const ProtectionProbe probe = probe_protections(dir / "probe", wanted);
    CHECK(report.protections.describe() == probe.protections.describe());
    CHECK(report.probe_error == probe.error);
    for (const char* name : {"root", "namespaces", "cgroups", "uid drop", "seccomp", "CPU pinning", "swap",
                             "huge pages", "CPU governor", "turbo", "SMT siblings", "load", "disk", "compiler cpp"}) {
        INFO(name);
        const CheckItem* i = item_named(report, name);
        REQUIRE(i != nullptr);
        CHECK_FALSE(i->found.empty());
        CHECK_FALSE(i->meaning.empty());
        if (i->level != CheckLevel::ok) CHECK_FALSE(i->fix.empty());  // every problem comes with its remedy
    }
    const bool cgroups_missing = item_named(report, "cgroups")->level == CheckLevel::missing;
    CHECK(cgroups_missing == (probe.protections.cgroups == sudoku::judge::CgroupsState::off));
}

TEST_CASE("doctor: every protection only when no item is missing, and the JSON says the same") {
    DoctorReport report;
    report.items.push_back({"swap", CheckLevel::advice, "1024 MiB of swap", "slow", "swapoff -a"});
    CHECK(report.every_protection());  // advice is about exact times, not protection
    CHECK(to_json(report)["every_protection"] == true);
    report.items.push_back({"cgroups", CheckLevel::missing, "off", "polled", "systemd-run ..."});
    CHECK_FALSE(report.every_protection());
    const nlohmann::json j = to_json(report);
    CHECK(j["every_protection"] == false);
    CHECK(j["items"][1]["level"] == "missing");
    CHECK(j["items"][1]["fix"] == "systemd-run ...");
}

TEST_CASE("doctor: the kernel's bracketed choice and CPU lists are read as sysfs writes them") {
    CHECK(bracketed_choice("always [madvise] never") == "madvise");
    CHECK(bracketed_choice("[always] madvise never") == "always");
    CHECK(parse_cpu_list("0-3,8,10-11") == std::vector<int>{0, 1, 2, 3, 8, 10, 11});
    CHECK(parse_cpu_list("5") == std::vector<int>{5});
    CHECK(parse_cpu_list("").empty());
}
