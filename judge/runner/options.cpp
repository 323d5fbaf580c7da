// The runner's options (see options.hpp) and its --help.
#include "options.hpp"

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku_build_version.hpp"

namespace sudoku_sandbox {

namespace {

using sudoku::sandbox::ReadOnlyBind;

const char* const kHelp = R"(usage: sudoku-sandbox [options] -- PROGRAM [ARGS...]
Runs PROGRAM in DIR under limits and writes a result record (key: value lines).
  --dir DIR            work directory, the program's cwd and only writable place
  --stdin F --stdout F --stderr F   redirections (default /dev/null), opened by the runner
  --cpu S[:H]          CPU time soft limit S (verdict), hard H (kill; default S+0.1)
  --wall S[:H]         wall time soft/hard (default 2*cpu+1, hard soft+0.2), less the wait for a CPU
  --wall-cap S         wall time at which the run is stopped, its wait for a CPU counted
                       (default the largest of 3*cpu+1, cpu+10 and the wall limit)
  --mem M[:H]          memory MiB soft/hard (hard default M+M/8+16, enforced by the cgroup)
  --stack M            stack MiB (default: the memory limit)
  --cpu-clock C        what the CPU limit counts: user-and-system (default) or user
  --memory-rule R      resident (default), or address-space: RLIMIT_AS at the memory limit too,
                       and a program whose ELF segments exceed it is not run (oom, peak_kib)
  --fsize K            largest file the program may write, KiB (hard side: K+1)
  --procs N            processes and threads (default 64)
  --uid U --gid G      identity of the program when run as root (default 65534)
  --core K             pin to CPU core K (a pin that fails is a runner failure: record `error`)
  --ro HOST[:INSIDE]   bind HOST (a file or a directory) read-only into the program's root, at
                       INSIDE (absolute, default HOST) (repeatable; without namespaces an
                       argument equal to INSIDE is replaced by HOST)
  --env K=V            environment variable (repeatable; PATH, HOME, LANG are always set)
  --share-net          keep the network (compilers need none either; for tests only)
  --no-namespaces --no-cgroups   switch a protection off (the record says what was active)
  --meta F             write the record to F instead of stdout
  --serve              (alone) one runner for many runs: requests on stdin, records on stdout
  --version            the toolkit's version and git commit
)"
#ifdef SUDOKU_SANDBOX_TESTING
                          R"(  --fail-step STEP     this test build only: the setup call of STEP fails, to show that the
                       run then fails (record `error`) instead of going on weaker: setrlimit,
                       nofile, no-new-privs, close-fds, seccomp, root, bind, dev, proc,
                       tmpfs, pivot-root, pin, net, oom
)"
#endif
                          R"(Example: sudoku-sandbox --dir /tmp/box --cpu 1 --mem 128 --stdin in.txt -- ./a.out
Exit status: 0 the program was run (whatever it did), 2 bad options, 1 runner failure.
)";

#ifdef SUDOKU_SANDBOX_TESTING
// The steps --fail-step can make fail, besides the new root's (sudoku::sandbox::kRootSteps).
constexpr std::string_view kProgramSteps[] = {"setrlimit", "nofile", "no-new-privs", "close-fds",
                                              "seccomp",   "pin",    "net",          "oom"};

bool is_fail_step(const std::string& step) {
    for (auto known : kProgramSteps)
        if (known == step) return true;
    for (auto known : sudoku::sandbox::kRootSteps)
        if (known == step) return true;
    return false;
}
#endif

std::pair<double, double> parse_pair(const std::string& s) {
    auto colon = s.find(':');
    if (colon == std::string::npos) return {std::stod(s), -1};
    return {std::stod(s.substr(0, colon)), std::stod(s.substr(colon + 1))};
}

// A value of one of the record's enums (runner_contract.hpp), by its name.
template <typename E>
E named(const std::string& option, const std::string& value) {
    if (auto e = sudoku::from_string<E>(value)) return *e;
    std::string names;
    for (auto name : sudoku::EnumNames<E>::names) names += (names.empty() ? "" : " or ") + std::string(name);
    throw std::invalid_argument(option + " expects " + names + ", found '" + value + "'");
}

// HOST[:INSIDE]: both absolute, without "..": INSIDE names a place in the new root, never above it.
ReadOnlyBind parse_read_only(const std::string& value) {
    auto colon = value.find(":/");
    ReadOnlyBind bind{value.substr(0, colon),
                      colon == std::string::npos ? value.substr(0, colon) : value.substr(colon + 1)};
    for (const std::string* path : {&bind.host, &bind.inside})
        if (path->empty() || path->front() != '/' || *path == "/" || path->find("/..") != std::string::npos)
            throw std::invalid_argument(
                "--ro expects HOST[:INSIDE], absolute paths other than / without '..', found '" + value + "'");
    return bind;
}

// The options that switch something on or off; false when `a` is none of them.
bool parse_switch(const std::string& a, Options& o) {
    if (a == "--share-net")
        o.share_net = true;
    else if (a == "--no-namespaces")
        o.namespaces = false;
    else if (a == "--no-cgroups")
        o.cgroups = false;
    else
        return false;
    return true;
}

bool takes_value(const std::string& a) {
    static constexpr std::string_view kValued[] = {"--dir",   "--stdin", "--stdout",    "--stderr",     "--meta",
                                                   "--cpu",   "--wall",  "--wall-cap",  "--mem",        "--stack",
                                                   "--fsize", "--procs", "--uid",       "--gid",        "--core",
                                                   "--ro",    "--env",   "--cpu-clock", "--memory-rule"};
    for (auto v : kValued)
        if (v == a) return true;
#ifdef SUDOKU_SANDBOX_TESTING
    if (a == "--fail-step") return true;
#endif
    return false;
}

// The options that take a value; false when `a` is none of them.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the option, then its value
bool parse_valued(const std::string& a, const std::string& v, Options& o) {
    if (a == "--dir")
        o.dir = v;
    else if (a == "--stdin")
        o.stdin_file = v;
    else if (a == "--stdout")
        o.stdout_file = v;
    else if (a == "--stderr")
        o.stderr_file = v;
    else if (a == "--meta")
        o.meta = v;
    else if (a == "--cpu")
        std::tie(o.cpu, o.cpu_hard) = parse_pair(v);
    else if (a == "--wall")
        std::tie(o.wall, o.wall_hard) = parse_pair(v);
    else if (a == "--wall-cap")
        o.wall_cap = std::stod(v);
    else if (a == "--cpu-clock")
        o.cpu_clock = named<sudoku::judge::CpuClock>(a, v);
    else if (a == "--memory-rule")
        o.memory_rule = named<sudoku::judge::MemoryRule>(a, v);
    else if (a == "--mem") {
        auto [s, h] = parse_pair(v);
        o.mem_mib = static_cast<long long>(s);
        o.mem_hard_mib = static_cast<long long>(h);
    } else if (a == "--stack")
        o.stack_mib = std::stoll(v);
    else if (a == "--fsize")
        o.fsize_kib = std::stoll(v);
    else if (a == "--procs")
        o.procs = std::stoi(v);
    else if (a == "--uid")
        o.uid = std::stoi(v);
    else if (a == "--gid")
        o.gid = std::stoi(v);
    else if (a == "--core")
        o.core = std::stoi(v);
    else if (a == "--ro")
        o.read_only.push_back(parse_read_only(v));
    else if (a == "--env")
        o.env.push_back(v);
#ifdef SUDOKU_SANDBOX_TESTING
    else if (a == "--fail-step") {
        o.fail_step = v;
        if (!is_fail_step(o.fail_step))
            throw std::invalid_argument("--fail-step: unknown step '" + o.fail_step + "' (see --help)");
    }
#endif
    else
        return false;
    return true;
}

// The defaults that depend on other options.
void complete_defaults(Options& o) {
    if (o.cpu_hard < 0) o.cpu_hard = o.cpu + 0.1;
    if (o.wall < 0) o.wall = sudoku::judge::default_wall_s(o.cpu);
    if (o.wall_hard < 0) o.wall_hard = o.wall + 0.2;
    if (o.wall_cap < 0) o.wall_cap = sudoku::judge::default_wall_cap_s(o.cpu, o.wall);
    if (o.mem_hard_mib < 0) o.mem_hard_mib = o.mem_mib + o.mem_mib / 8 + 16;
    if (o.stack_mib < 0) o.stack_mib = o.mem_mib;
}

}  // namespace

void parse_options(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") {
            for (++i; i < argc; ++i) o.argv.push_back(argv[i]);
        } else if (a == "--help") {
            std::cout << kHelp;
            std::exit(0);
        } else if (a == "--version") {
            std::cout << "sudoku-sandbox " SUDOKU_VERSION " (git " SUDOKU_GIT_COMMIT ")\n";
            std::exit(0);
        } else if (!parse_switch(a, o)) {
            if (!takes_value(a)) throw std::invalid_argument("unknown option " + a);
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            parse_valued(a, argv[++i], o);
        }
    }
    if (o.argv.empty()) throw std::invalid_argument("no program given after --");
    complete_defaults(o);
}

bool step_fails([[maybe_unused]] const Options& o, [[maybe_unused]] const char* step) {
#ifdef SUDOKU_SANDBOX_TESTING
    if (o.fail_step != step) return false;
    errno = EPERM;
    return true;
#else
    return false;
#endif
}

}  // namespace sudoku_sandbox
