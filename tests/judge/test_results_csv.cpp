// results.csv opens safely in a spreadsheet: a text cell that would be read as a
// formula starts with an apostrophe (OWASP's CSV injection advice), and bytes that are not UTF-8
// are replaced as results.json replaces them.
#include "judge_fixture.hpp"
#include "sudoku/judge/output/report.hpp"

using namespace judge_test;
using namespace sudoku::judge;

namespace {

// results.csv of one contestant `name` with one test whose reason is `reason`.
std::string csv_of(const std::string& name, const std::string& reason) {
    TestResult t{name, "sum", "01", "all", Verdict::WA, reason};
    ContestResults results;
    results.contest = "csv";
    results.problems = {"sum"};
    results.problem_max_points = {10};
    results.contestants = {
        ContestantResult{name, 1, 0, {ProblemResult{"sum", ProblemStatus::graded, "", 0, 10, {t}, {}}}}};
    const fs::path file = scratch("csv") / "results.csv";
    write_results_csv(results, file);
    return read_text(file);
}

// The second line's fields 2 (contestant) and the last (reason), as a spreadsheet reads them.
std::string row_of(const std::string& csv) { return csv.substr(csv.find('\n') + 1); }

}  // namespace

TEST_CASE("results csv: names and reasons starting with = + - @ tab or CR get a leading apostrophe") {
    for (const std::string start : {"=", "+", "-", "@", "\t", "\r"}) {
        const std::string name = start + "HYPERLINK(\"http://x\")";
        INFO("starting with byte " << int(start[0]));
        const std::string row = row_of(csv_of(name, start + "1+1"));
        CHECK_THAT(row, Catch::StartsWith("1,'" + start) || Catch::StartsWith("1,\"'" + start));
        CHECK_THAT(row, Catch::Contains(",'" + start + "1+1") || Catch::Contains(",\"'" + start + "1+1"));
    }
    const std::string plain = row_of(csv_of("alice", "expected 3"));
    CHECK_THAT(plain, Catch::StartsWith("1,alice,"));
    CHECK_THAT(plain, Catch::EndsWith(",expected 3\n"));
    CHECK_THAT(plain, Catch::Contains(",0,"));  // numbers are written as numbers, never quoted
}

TEST_CASE("results csv: bytes that are not UTF-8 become U+FFFD, as in results.json") {
    const std::string csv = csv_of("am\xffy", "wrote \xfe.out");
    CHECK_THAT(csv, Catch::Contains("1,am\xEF\xBF\xBDy,"));
    CHECK_THAT(csv, Catch::Contains("wrote \xEF\xBF\xBD.out"));
    CHECK(csv.find('\xff') == std::string::npos);
    CHECK(csv.find('\xfe') == std::string::npos);
}

TEST_CASE("report html: bytes that are not UTF-8 become U+FFFD, as in results.json and results.csv") {
    TestResult t{"am\xffy", "sum", "01", "all", Verdict::WA, "wrote \xfe.out"};
    ContestResults results;
    results.contest = "html \xc3";
    results.problems = {"sum"};
    results.problem_max_points = {10};
    results.contestants = {ContestantResult{
        "am\xffy", 1, 0, {ProblemResult{"sum", ProblemStatus::graded, "\x80 message", 0, 10, {t}, {}}}}};
    const fs::path file = scratch("report-utf8") / "report.html";
    write_report_html(results, file);
    const std::string html = read_text(file);
    CHECK_THAT(html, Catch::Contains("am\xEF\xBF\xBDy"));
    CHECK_THAT(html, Catch::Contains("wrote \xEF\xBF\xBD.out"));
    CHECK(with_valid_utf8(html) == html);  // the whole page is UTF-8
}
