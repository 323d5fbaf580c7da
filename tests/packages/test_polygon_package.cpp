// A Polygon package written here from Polygon's problem.xml (CRLF lines, as Polygon's Windows
// exports have them): two scored groups, the second depending on the first, a testlib checker
// compiled against the package's own testlib.h, and solutions of four tags; imported, graded end
// to end and verified. The expected scores are worked out from Polygon's rules in the comments.
#include <catch2/catch.hpp>

#include "package_fixture.hpp"
#include "sudoku/formats/polygon.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/problem/scoring.hpp"

namespace fs = std::filesystem;
using package_test::loaded;
using package_test::points_by_contestant;
using package_test::scratch;
using package_test::verified;
using package_test::write_text;
using package_test::zip_folder;

namespace {

// Only what the package's checker and validator call, in testlib's protocol: `check input output
// answer`, exit 0 when accepted, 1 for a wrong answer, 2 for a presentation error, 3 when the
// checker itself fails; the message on stderr. A validator reads strictly, as testlib built on
// Linux does: a line ends in LF alone, so CR LF is "Expected EOLN".
const char* kTestlib = R"(#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
struct InStream {
    FILE* file = nullptr;
    bool answer = false;
    long long readLong();
    void readEoln();
    void readEof();
};
inline InStream inf, ouf, ans;
inline void quitf(TResult result, const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::exit(result);
}
inline long long InStream::readLong() {
    long long v = 0;
    if (!file || std::fscanf(file, "%lld", &v) != 1) quitf(answer ? _fail : _wa, "expected an integer");
    return v;
}
inline void InStream::readEoln() {
    if (std::fgetc(file) != '\n') quitf(_pe, "Expected EOLN");
}
inline void InStream::readEof() {
    if (std::fgetc(file) != EOF) quitf(_pe, "Expected EOF");
}
inline void registerValidation(int, char*[]) { inf.file = stdin; }
inline void registerTestlibCmd(int argc, char* argv[]) {
    if (argc < 4) quitf(_fail, "usage: check input output answer");
    inf.file = std::fopen(argv[1], "r");
    ouf.file = std::fopen(argv[2], "r");
    ans.file = std::fopen(argv[3], "r");
    ans.answer = true;
}
)";

// A testlib validator: exit 0 accepts the input.
const char* kValidator = R"(#include "testlib.h"
int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    long long a = inf.readLong(), b = inf.readLong();
    inf.readEoln();
    inf.readEof();
    if (a < 1 || b < 1) quitf(_fail, "expected two positive numbers, found %lld %lld", a, b);
    quitf(_ok, "");
}
)";

const char* kChecker = R"(#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long want = ans.readLong(), got = ouf.readLong();
    if (want != got) quitf(_wa, "expected %lld, found %lld", want, got);
    quitf(_ok, "%lld", got);
}
)";

// Two numbers in, their sum out, unless `when` holds: then `otherwise` runs.
std::string sum_unless(const std::string& when, const std::string& otherwise) {
    return "#include <cstdio>\nint main() { long a, b; if (std::scanf(\"%ld %ld\", &a, &b) != 2) return 1; if (" +
           when + ") { " + otherwise + " } std::printf(\"%ld\\n\", a + b); }\n";
}

std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
}

// Test 1 a sample (group 0, no points); group 1 complete-group (tests 2, 3: 10 points each);
// group 2 each-test (tests 4, 5: 15 and 25 points), depending on group 1. 60 points in all.
std::string problem_xml(const std::string& group2_policy) {
    return crlf(R"(<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="pairsum" url="https://polygon.example/p/pairsum">
    <names>
        <name language="english" value="Pair Sum"/>
    </names>
    <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
        <testset name="tests">
            <time-limit>1000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>5</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true" group="0" points="0"/>
                <test method="manual" group="1" points="10"/>
                <test method="generated" cmd="gen 3" group="1" points="10"/>
                <test method="manual" group="2" points="15"/>
                <test method="manual" group="2" points="25"/>
            </tests>
            <groups>
                <group feedback-policy="complete" name="0" points-policy="each-test"/>
                <group feedback-policy="icpc" name="1" points-policy="complete-group"/>
                <group feedback-policy="points" name="2" points-policy=")" +
                group2_policy + R"(">
                    <dependencies>
                        <dependency group="1"/>
                    </dependencies>
                </group>
            </groups>
        </testset>
    </judging>
    <files>
        <resources>
            <file path="files/testlib.h" type="h.g++"/>
        </resources>
    </files>
    <assets>
        <checker name="check.cpp" type="testlib">
            <source path="files/check.cpp" type="cpp.g++17"/>
        </checker>
        <validators>
            <validator><source path="files/val.cpp" type="cpp.g++17"/></validator>
        </validators>
        <solutions>
            <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
            <solution tag="wrong-answer"><source path="solutions/big_wrong.cpp" type="cpp.g++17"/></solution>
            <solution tag="time-limit-exceeded"><source path="solutions/slow.cpp" type="cpp.g++17"/></solution>
            <solution tag="rejected"><source path="solutions/group1_wrong.cpp" type="cpp.g++17"/></solution>
        </solutions>
    </assets>
</problem>
)");
}

fs::path pairsum_package(const fs::path& dir, const std::string& group2_policy = "each-test") {
    write_text(dir / "problem.xml", problem_xml(group2_policy));
    write_text(dir / "files/testlib.h", kTestlib);
    write_text(dir / "files/check.cpp", kChecker);
    write_text(dir / "files/val.cpp", kValidator);
    const char* inputs[] = {"1 2", "3 4", "5 6", "7 8", "1000 1"};
    const char* answers[] = {"3", "7", "11", "15", "1001"};
    for (int i = 0; i < 5; ++i) {
        const std::string n = "0" + std::to_string(i + 1);
        write_text(dir / "tests" / n, crlf(std::string(inputs[i]) + "\n"));
        write_text(dir / "tests" / (n + ".a"), crlf(std::string(answers[i]) + "\n"));
    }
    write_text(dir / "solutions/sum.cpp", sum_unless("false", ""));
    write_text(dir / "solutions/big_wrong.cpp", sum_unless("a >= 1000", "std::printf(\"0\\n\"); return 0;"));
    write_text(dir / "solutions/slow.cpp", sum_unless("a == 7", "for (volatile unsigned long i = 0;; ++i) {}"));
    write_text(dir / "solutions/group1_wrong.cpp", sum_unless("a == 5", "std::printf(\"0\\n\"); return 0;"));
    return dir;
}

std::vector<sudoku::Diagnostic> refusals_of(const fs::path& pkg) {
    auto read = sudoku::formats::read_polygon(pkg);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(read));
    return std::get<std::vector<sudoku::Diagnostic>>(read);
}

}  // namespace

TEST_CASE("polygon: problem.xml's limits, tests, groups, checker and tags map to the model") {
    const fs::path dir = pairsum_package(scratch("polygon-read") / "pairsum");
    auto read = sudoku::formats::read_polygon(dir);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&read))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto& p = std::get<sudoku::problem::Problem>(read);
    CHECK(p.name == "pairsum");
    CHECK(p.title == "Pair Sum");
    CHECK(p.limits.time_s == Approx(1.0));
    CHECK(p.limits.memory_mib == 256);
    REQUIRE(p.tests.size() == 5);
    CHECK(p.tests[0].sample);
    CHECK(p.tests[4].input.filename() == "05");
    CHECK(p.tests[4].answer.filename() == "05.a");
    CHECK(p.checker.kind == sudoku::problem::CheckerKind::program);
    CHECK(p.checker.protocol == sudoku::problem::CheckerProtocol::testlib);
    REQUIRE(p.checker.program.includes.size() == 1);
    CHECK(p.checker.program.includes[0].filename() == "testlib.h");
    const auto* group2 = sudoku::problem::find_group(p, "2");
    REQUIRE(group2);
    CHECK(group2->require_pass == std::vector<std::string>{"1"});
    CHECK(sudoku::problem::max_score(p) == Approx(60));
    CHECK(p.expectations.size() == 4);
    REQUIRE(p.validators.size() == 1);
    CHECK(p.validators[0].accept_exit == 0);
    CHECK(p.validators[0].program.includes.size() == 1);
}

TEST_CASE("polygon: a package imports, grades by each-test, complete-group and dependencies, and verifies") {
    const fs::path root = scratch("polygon-grade");
    pairsum_package(root / "pairsum");
    auto written = sudoku::judge::import_package(root / "pairsum", root / "contest", std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto& done = std::get<sudoku::judge::PackageImport>(written);
    CHECK(done.format == sudoku::problem::PackageFormat::polygon);
    const auto points = points_by_contestant(done.contest_file, root / "graded");
    // sum: every test accepted: 0 + 20 + (15 + 25).
    CHECK(points.at("main-sum.cpp") == Approx(60));
    // big_wrong: test 5 wrong; each-test keeps test 4's 15: 0 + 20 + 15.
    CHECK(points.at("wrong-answer-big_wrong.cpp") == Approx(35));
    // slow: test 4 over the time limit; test 5's 25 stays: 0 + 20 + 25.
    CHECK(points.at("time-limit-exceeded-slow.cpp") == Approx(45));
    // group1_wrong: test 3 wrong, so group 1 (complete-group) scores 0 and group 2, which depends
    // on it, scores nothing although both its tests are right.
    CHECK(points.at("rejected-group1_wrong.cpp") == Approx(0));
    const auto v = verified(root / "contest", root / "verify");
    for (const auto& s : v.submissions) INFO(s.contestant << ": " << s.got << ": " << s.why);
    CHECK(v.differences() == 0);
    CHECK(v.submissions.size() == 4);
    // The validator, built with the package's testlib.h, accepts every test: their CR LF line ends
    // are LF to it, as in Polygon's Linux package, where testlib's strict readEoln expects LF.
    for (const auto& c : v.validators) INFO(c.validator << " " << c.test << ": " << c.why);
    CHECK(v.validators.empty());
}

TEST_CASE("polygon: an unknown points-policy and a path leaving the package are refused, naming the place") {
    const fs::path root = scratch("polygon-refused");
    const fs::path pkg = pairsum_package(root / "pairsum", "best-test");
    auto xml = problem_xml("best-test");
    xml.replace(xml.find("solutions/slow.cpp"), 18, "../../outside.cpp");
    write_text(root / "outside.cpp", sum_unless("false", ""));
    write_text(pkg / "problem.xml", xml);
    const auto list = refusals_of(pkg);
    bool policy = false, path = false;
    for (const auto& d : list) {
        INFO(d.to_string());
        policy = policy || (d.message.find("'best-test'") != std::string::npos && d.line > 0);
        path = path || d.message.find("'../../outside.cpp'") != std::string::npos;
    }
    CHECK(policy);
    CHECK(path);
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    CHECK(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    CHECK_FALSE(fs::exists(root / "contest"));
}

TEST_CASE("polygon: a zipped package is found by its problem.xml, at the root or one folder down, and imports") {
    const fs::path root = scratch("polygon-zip");
    pairsum_package(root / "src" / "pairsum");
    zip_folder(root / "src" / "pairsum", root / "pairsum.zip");  // as Polygon's download: problem.xml at the root
    zip_folder(root / "src", root / "nested.zip");               // the package's folder zipped
    using sudoku::judge::detect_package_format;
    CHECK(detect_package_format(root / "pairsum.zip") == sudoku::problem::PackageFormat::polygon);
    CHECK(detect_package_format(root / "nested.zip") == sudoku::problem::PackageFormat::polygon);
    auto written = sudoku::judge::import_package(root / "pairsum.zip", root / "contest", std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto& done = std::get<sudoku::judge::PackageImport>(written);
    CHECK(done.format == sudoku::problem::PackageFormat::polygon);
    const auto problems = loaded(done.contest_file).problems;
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].tests.size() == 5);
}
