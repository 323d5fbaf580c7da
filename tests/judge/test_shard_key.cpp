// A shard's records are authenticated with HMAC-SHA-256 under the contest's shard key: editing a
// verdict and recomputing a plain hash (which anyone can) no longer gets a forged AC merged.
#include <sys/stat.h>

#include <sstream>

#include "durable_fixture.hpp"
#include "sudoku/common/sha256.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

std::string bytes(size_t n, unsigned char value) { return std::string(n, static_cast<char>(value)); }

int grade_shard(const fs::path& contest, const std::string& shard, const fs::path& out, const fs::path& log,
                const std::string& more = "") {
    return run_judge("grade " + contest.string() + " --jobs 1 --shard " + shard + " --out " + out.string() + more, log);
}

std::string err(const fs::path& log) { return read_text(log.string() + ".stderr"); }

}  // namespace

TEST_CASE("hmac-sha256: the RFC 4231 test vectors") {
    using sudoku::hmac_sha256_hex;
    CHECK(hmac_sha256_hex(bytes(20, 0x0b), "Hi There") ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    CHECK(hmac_sha256_hex("Jefe", "what do ya want for nothing?") ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    CHECK(hmac_sha256_hex(bytes(20, 0xaa), bytes(50, 0xdd)) ==
          "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    std::string key4;
    for (int i = 1; i <= 25; ++i) key4.push_back(static_cast<char>(i));
    CHECK(hmac_sha256_hex(key4, bytes(50, 0xcd)) == "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
    // Test case 5 is a truncated tag (not used here); 6 and 7: a key longer than a block is hashed first.
    CHECK(hmac_sha256_hex(bytes(131, 0xaa), "Test Using Larger Than Block-Size Key - Hash Key First") ==
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    CHECK(hmac_sha256_hex(bytes(131, 0xaa),
                          "This is a test using a larger than block-size key and a larger than block-size data. The "
                          "key needs to be hashed before being used by the HMAC algorithm.") ==
          "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST_CASE("sha256: fed in pieces of any size, or from a file, it equals the hash of the whole") {
    std::string text;
    for (int i = 0; i < 5000; ++i) text += std::to_string(i * 7919) + (i % 13 ? " " : "\n");
    const std::string whole = sudoku::sha256_hex(text);
    for (size_t piece : {1, 3, 55, 56, 63, 64, 65, 4096}) {
        sudoku::Sha256 hash;
        for (size_t at = 0; at < text.size(); at += piece) hash.update(std::string_view(text).substr(at, piece));
        INFO("pieces of " << piece);
        CHECK(sudoku::to_hex(hash.finish()) == whole);
    }
    const fs::path file = scratch("sha256-file") / "data";
    write_text(file, text);
    CHECK(sudoku::sha256_file_hex(file) == whole);
    CHECK_FALSE(sudoku::sha256_file_hex(file.string() + ".absent").has_value());
}

TEST_CASE("shards: a forged verdict with its plain hash recomputed is not merged: the records carry a keyed tag") {
    const fs::path dir = scratch("shard-forged");
    const fs::path contest = write_sum_contest(dir);
    const fs::path shard = dir / "s0";
    REQUIRE(grade_shard(contest, "0/1", shard, dir / "grade") == 0);

    // The key: made at the first grade beside the contest, private, never in the shard's folder.
    struct stat st {};
    REQUIRE(stat((dir / ".judge-key").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    for (const auto& e : fs::recursive_directory_iterator(shard))
        if (e.is_regular_file())
            CHECK(read_text(e.path()).find(read_text(dir / ".judge-key").substr(0, 64)) == std::string::npos);

    // bob's records rewritten as AC (the last line for a key wins), and every tag shard.json may carry
    // recomputed as an attacker without the key can: a SHA-256 of the records as the journal holds them.
    std::istringstream lines(read_text(shard / "journal.jsonl"));
    std::string forged, records;
    Json identity;
    for (std::string line; std::getline(lines, line);) {
        auto j = Json::parse(line);
        if (j.contains("shard")) identity = j["shard"];
        if (j.contains("compile")) records += Json{{"compile", j["compile"]}, {"inputs", j["inputs"]}}.dump() + "\n";
        if (!j.contains("test")) continue;
        if (j["test"]["contestant"] == "bob") {
            j["test"]["verdict"] = "AC";
            j["test"]["reason"] = "";
            j["test"]["fraction"] = 1;
            forged += j.dump() + "\n";
        }
        records += Json{{"test", j["test"]}, {"inputs", j["inputs"]}}.dump() + "\n";
    }
    REQUIRE_FALSE(forged.empty());
    std::ofstream(shard / "journal.jsonl", std::ios::app) << forged;
    Json description = Json::parse(read_text(shard / "shard.json"));
    for (const char* field : {"records_sha256", "records_hmac_sha256"})
        description[field] = sudoku::sha256_hex(records);
    description["records_hmac_sha256"] = sudoku::sha256_hex(identity.dump() + "\n" + records);
    write_text(shard / "shard.json", description.dump(2));

    const std::string merge =
        "merge " + contest.string() + " --out " + (dir / "merged").string() + " " + shard.string();
    CHECK(run_judge(merge, dir / "merge") == 2);  // exited 0 with bob at 100
    CHECK_THAT(err(dir / "merge"), Catch::Contains("changed afterwards"));
    CHECK_FALSE(fs::exists(dir / "merged"));
    CHECK(run_judge("status " + contest.string() + " " + shard.string(), dir / "status") == 4);
    CHECK_THAT(read_text((dir / "status").string() + ".stdout"), Catch::Contains("mismatched"));

    // Graded again, it merges under the same key; a key given inside a shard's folder is refused.
    REQUIRE(grade_shard(contest, "0/1", shard, dir / "again", " --fresh") == 0);
    CHECK(run_judge(merge, dir / "merge-again") == 0);
    fs::copy_file(dir / ".judge-key", shard / "key");
    fs::permissions(shard / "key", fs::perms::owner_read | fs::perms::owner_write);
    CHECK(run_judge(merge + " --key " + (shard / "key").string(), dir / "merge-key-inside") == 2);
    CHECK_THAT(err(dir / "merge-key-inside"), Catch::Contains("inside the shard folder"));
    fs::remove(shard / "key");
    // Another key: the shard's tag does not verify.
    write_text(dir / "other-key", std::string(64, 'a') + "\n");
    fs::permissions(dir / "other-key", fs::perms::owner_read | fs::perms::owner_write);
    CHECK(run_judge(merge + " --key " + (dir / "other-key").string(), dir / "merge-other-key") == 2);
}
