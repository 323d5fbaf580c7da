// The judge, running as root, reads a contestant's folder without trusting it: a
// submission that is not a regular file is refused for that contestant and problem and never
// followed; a source over the contest's source_limit is refused unread; --out may not lie in the
// contestants' or the test data's folder.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

// results.json's problem "sum" of `name`.
Json sum_of(const fs::path& out, const std::string& name) {
    const Json results = Json::parse(read_text(out / "results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == name) return c["problems"][0];
    FAIL("no contestant " << name);
    return {};
}

// Every byte the judge wrote under `dir`, searched for `needle`.
bool any_file_holds(const fs::path& dir, const std::string& needle) {
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && read_text(e.path()).find(needle) != std::string::npos) return true;
    return false;
}

// The sum contest with one more contestant, mallory, whose `file` is made by `plant(path)`.
template <class Plant>
fs::path contest_with_mallory(const fs::path& dir, const std::string& file, Plant plant) {
    write_sum_contest(dir);
    fs::create_directories(dir / "contestants/mallory");
    plant(dir / "contestants/mallory" / file);
    return dir;
}

void check_refused(const fs::path& dir, const std::string& why) {
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    CHECK(r.status == 0);
    const Json mallory = sum_of(dir / "out", "mallory");
    CHECK(mallory["status"] == "refused");
    CHECK_THAT(mallory["compile_message"].get<std::string>(), Catch::Contains(why));
    CHECK(mallory["points"] == 0);
    CHECK(sum_of(dir / "out", "alice")["points"] == 100);  // the others are graded as before
}

}  // namespace

TEST_CASE("untrusted submissions: a source linked to a host file is refused, not compiled, and not copied") {
    const fs::path dir = scratch("link-host");
    // A right program, as a host file: were the link followed, mallory would score 100 with it.
    write_text(dir / "host/secret.c",
               read_text(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum.c") + "/* HOST-SECRET */\n");
    contest_with_mallory(dir, "sum.c", [&](const fs::path& p) { fs::create_symlink(dir / "host/secret.c", p); });
    check_refused(dir, "symbolic link");
    CHECK(!any_file_holds(dir / "out", "HOST-SECRET"));
}

TEST_CASE("untrusted submissions: a source linked to a test's answer is refused, and the answer is in no report") {
    const fs::path dir = scratch("link-answer");
    contest_with_mallory(dir, "sum.cpp", [&](const fs::path& p) {
        write_text(dir / "testdata/sum/04.ans", "5005 ANSWER-TEXT\n");
        fs::create_symlink(dir / "testdata/sum/04.ans", p);
    });
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(sum_of(dir / "out", "mallory")["status"] == "refused");
    CHECK(!any_file_holds(dir / "out", "ANSWER-TEXT"));
}

TEST_CASE("untrusted submissions: a source hard-linked to a test's answer is refused, and the answer is in no report") {
    const fs::path dir = scratch("hard-link-answer");
    contest_with_mallory(dir, "sum.cpp", [&](const fs::path& p) {
        write_text(dir / "testdata/sum/04.ans", "5005 ANSWER-TEXT\n");
        fs::create_hard_link(dir / "testdata/sum/04.ans", p);
    });
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    const Json mallory = sum_of(dir / "out", "mallory");
    CHECK(mallory["status"] == "refused");
    CHECK_THAT(mallory["compile_message"].get<std::string>(), Catch::Contains("sum.cpp is a hard link (2 names)"));
    CHECK(!any_file_holds(dir / "out", "ANSWER-TEXT"));
}

TEST_CASE("untrusted submissions: a source hard-linked to the shard key, or to any file, is refused") {
    // The key's text, were it compiled, would show in the CE message: the key authenticates shards.
    const fs::path dir = scratch("hard-link-key");
    contest_with_mallory(dir, "sum.cpp", [&](const fs::path& p) {
        write_text(dir / ".judge-key", "KEY-TEXT-0123456789abcdef0123456789abcdef0123456789abcdef\n");
        fs::permissions(dir / ".judge-key", fs::perms::owner_read | fs::perms::owner_write);
        fs::create_hard_link(dir / ".judge-key", p);
    });
    check_refused(dir, "sum.cpp is a hard link (2 names)");
    CHECK(!any_file_holds(dir / "out", "KEY-TEXT"));
    // A second name anywhere else (here a file outside the contest) is refused the same way.
    const fs::path other = scratch("hard-link-anywhere");
    contest_with_mallory(other, "sum.c", [&](const fs::path& p) {
        fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum.c", other / "elsewhere.c");
        fs::create_hard_link(other / "elsewhere.c", p);
    });
    check_refused(other, "sum.c is a hard link (2 names)");
}

TEST_CASE("untrusted submissions: a source that is a test's answer through a bind mount (one name) is refused") {
    const fs::path dir = scratch("bind-answer");
    contest_with_mallory(dir, "sum.cpp", [&](const fs::path& p) {
        write_text(dir / "testdata/sum/04.ans", "5005 ANSWER-TEXT\n");
        write_text(p, "");
    });
    const fs::path source = dir / "contestants/mallory/sum.cpp";
    const std::string mount =
        "mount --bind '" + (dir / "testdata/sum/04.ans").string() + "' '" + source.string() + "' 2>/dev/null";
    if (geteuid() != 0 || std::system(mount.c_str()) != 0)
        sudoku::testing::skip_test("a bind mount needs root with the right to mount");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    std::system(("umount '" + source.string() + "'").c_str());
    INFO(r.err);
    const Json mallory = sum_of(dir / "out", "mallory");
    CHECK(mallory["status"] == "refused");
    CHECK_THAT(mallory["compile_message"].get<std::string>(), Catch::Contains("is the contest's own file"));
    CHECK(!any_file_holds(dir / "out", "ANSWER-TEXT"));
}

TEST_CASE("untrusted submissions: a contestant's folder or problem subfolder that is a link is refused, not entered") {
    // mallory's folder is a link to alice's: were it entered, mallory would score alice's 100.
    const fs::path dir = scratch("link-folder");
    write_sum_contest(dir);
    fs::create_directory_symlink("alice", dir / "contestants/mallory");
    check_refused(dir, "symbolic link");
    // A problem subfolder linked to another contestant's: the same.
    const fs::path sub = scratch("link-subfolder");
    write_sum_contest(sub);
    fs::create_directories(sub / "contestants/alice-copy" / "sum");
    fs::copy_file(sub / "contestants/alice/sum.c", sub / "contestants/alice-copy/sum/sum.c");
    fs::create_directories(sub / "contestants/mallory");
    fs::create_directory_symlink("../alice-copy/sum", sub / "contestants/mallory/sum");
    check_refused(sub, "symbolic link");
}

TEST_CASE("untrusted submissions: a link to another contestant's source or binary does not score as theirs") {
    const fs::path dir = scratch("link-other");
    contest_with_mallory(dir, "sum.c", [&](const fs::path& p) { fs::create_symlink("../alice/sum.c", p); });
    check_refused(dir, "symbolic link");
    const fs::path binary_dir = scratch("link-other-binary");
    contest_with_mallory(binary_dir, "sum", [&](const fs::path& p) { fs::create_symlink(program("sum.c"), p); });
    check_refused(binary_dir, "symbolic link");
}

TEST_CASE("untrusted submissions: a FIFO under a submission's name is refused, not missing, and does not block") {
    const fs::path dir = scratch("fifo");
    contest_with_mallory(dir, "sum.c", [](const fs::path& p) { REQUIRE(mkfifo(p.c_str(), 0644) == 0); });
    check_refused(dir, "FIFO");
}

TEST_CASE("untrusted submissions: a device node under a submission's name is refused, not read") {
    if (geteuid() != 0) sudoku::testing::skip_test("making a device node needs root");
    const fs::path dir = scratch("device");
    contest_with_mallory(dir, "sum.c", [](const fs::path& p) {
        REQUIRE(mknod(p.c_str(), S_IFCHR | 0644, makedev(1, 5)) == 0);  // /dev/zero's numbers
    });
    check_refused(dir, "a device");
}

TEST_CASE("untrusted submissions: a 1 GB sparse source is refused without being read or copied") {
    const fs::path dir = scratch("sparse");
    contest_with_mallory(dir, "sum.c", [](const fs::path& p) {
        write_text(p, "");
        fs::resize_file(p, std::uintmax_t{1} << 30);
    });
    check_refused(dir, "over the limit of 1048576 bytes");
    std::uintmax_t written = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir / "out"))
        if (e.is_regular_file()) written += e.file_size();
    CHECK(written < (std::uintmax_t{10} << 20));
}

TEST_CASE("untrusted submissions: compile: source_limit is the contest's cap on a source") {
    const fs::path dir = scratch("source-limit");
    write_sum_contest(dir);
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\njobs: 1\ncompile:\n  source_limit: 1\n");
    write_text(dir / "contestants/alice/sum.c", read_text(dir / "contestants/alice/sum.c") + std::string(2000, ' '));
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(sum_of(dir / "out", "alice")["status"] == "refused");
    CHECK(sum_of(dir / "out", "carol")["status"] == "graded");
}

TEST_CASE("untrusted submissions: --out inside the contestants or the test data folder is refused with exit 2") {
    const fs::path dir = scratch("out-inside");
    write_sum_contest(dir);
    for (const std::string out :
         {"contestants/results", "contestants", "testdata/sum/out", "./contestants/../testdata"}) {
        const CliRun r = judge_in(dir, "grade contest.yaml --out " + out);
        INFO(out << ": " << r.err);
        CHECK(r.status == 2);
        // The folder itself is refused as such, one below it as inside it.
        CHECK_THAT(r.err, Catch::Contains("is inside the") || Catch::Contains("is the "));
    }
    CHECK(!fs::exists(dir / "contestants/results"));
    CHECK(!fs::exists(dir / "testdata/sum/out"));
}
