// Languages (sudoku/judge/contest/languages.hpp) and folder submissions (sudoku/judge/contest/submission_sources.hpp).
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/contest/languages.hpp"
#include "sudoku/judge/contest/submission_sources.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using sudoku::Diagnostic;
using sudoku::judge::Contest;
using sudoku::judge::ContestResults;
using Json = nlohmann::json;

namespace {

const fs::path kPrograms = fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs";

// A plain stdio problem "add" (two tests, 50 points each) and the contest file with `extra` appended.
fs::path write_add_contest(const fs::path& dir, const std::string& extra = "", const std::string& problem_yaml = "") {
    write_text(dir / "testdata/add/1.in", "1 2\n");
    write_text(dir / "testdata/add/1.ans", "3\n");
    write_text(dir / "testdata/add/2.in", "2800 29\n");
    write_text(dir / "testdata/add/2.ans", "2829\n");
    if (!problem_yaml.empty()) write_text(dir / "testdata/add/problem.yaml", problem_yaml);
    write_text(dir / "contest.yaml", "name: Languages\nproblems: [add]\n" + extra);
    fs::create_directories(dir / "contestants");
    return dir / "contest.yaml";
}

void submit(const fs::path& dir, const std::string& contestant, const std::string& program, const std::string& as) {
    fs::create_directories((dir / "contestants" / contestant / as).parent_path());
    fs::copy_file(kPrograms / program, dir / "contestants" / contestant / as);
}

ContestResults grade_contest(const fs::path& contest_file) {
    auto loaded = sudoku::judge::load_contest(contest_file);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) FAIL(d->to_string());
    sudoku::judge::GradeOptions options;
    options.out_dir = contest_file.parent_path() / "out";
    return sudoku::judge::grade(std::get<Contest>(loaded), options);
}

const sudoku::judge::ProblemResult& of(const ContestResults& r, const std::string& name) {
    for (const auto& c : r.contestants)
        if (c.name == name) return c.problems.at(0);
    FAIL("no contestant " + name);
    throw;
}

}  // namespace

TEST_CASE("languages: C, C++, Python and Pascal submissions are compiled, run and scored, each with its language") {
    auto dir = scratch("languages-all");
    const auto contest = write_add_contest(dir);
    submit(dir, "cee", "sum_stdio.c", "add.c");
    write_text(dir / "contestants/cpp/add.cpp",
               "#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a + b << '\\n'; }\n");
    submit(dir, "py", "sum.py", "add.py");
    submit(dir, "pas", "sum.pas", "add.pas");
    const auto results = grade_contest(contest);
    for (auto [name, language] : {std::pair{"cee", "c"}, {"cpp", "cpp"}, {"py", "python"}, {"pas", "pascal"}}) {
        const auto& p = of(results, name);
        INFO(name << ": " << p.compile_message);
        CHECK(p.status == sudoku::judge::ProblemStatus::graded);
        CHECK(p.language == language);
        CHECK(p.points == Approx(100));
    }
    const Json results_json = sudoku::judge::to_json(results);
    bool python_listed = false;
    for (const auto& c : results_json["contestants"])
        if (c["name"] == "py") python_listed = c["problems"][0]["language"] == "python";
    CHECK(python_listed);
}

TEST_CASE("languages: a Java submission is compiled by javac and run by the JVM in the sandbox, its errors CE") {
    if (!sudoku::testing::on_path("javac"))
        sudoku::testing::skip_test("javac is not installed (Debian default-jdk-headless: scripts/install-deps --test)");
    auto dir = scratch("languages-java");
    // The JVM's start and the launcher's compile take about 0.6 s of CPU: far from this limit.
    const auto contest = write_add_contest(dir, "", "time_limit: 10\n");
    write_text(dir / "contestants/jan/add.java",
               "import java.util.Scanner;\nclass Add {\n    public static void main(String[] args) {\n"
               "        Scanner in = new Scanner(System.in);\n        long a = in.nextLong(), b = in.nextLong();\n"
               "        System.out.println(a + b);\n    }\n}\n");
    write_text(dir / "contestants/ken/add.java", "class Add { void f() { undeclared_name(); } }\n");
    const auto results = grade_contest(contest);
    const auto& ok = of(results, "jan");
    INFO(ok.compile_message);
    CHECK(ok.language == "java");
    CHECK(ok.status == sudoku::judge::ProblemStatus::graded);
    CHECK(ok.points == Approx(100));
    const auto& ce = of(results, "ken");
    CHECK(ce.status == sudoku::judge::ProblemStatus::CE);
    CHECK(ce.compile_message.find("undeclared_name") != std::string::npos);
}

TEST_CASE("languages: a Java public class may be in a file of another name, and the class declaring main runs") {
    if (!sudoku::testing::on_path("javac"))
        sudoku::testing::skip_test("javac is not installed (Debian default-jdk-headless: scripts/install-deps --test)");
    auto dir = scratch("languages-java-public");
    const auto contest = write_add_contest(dir, "", "time_limit: 10\n");
    // javac wants the public class Main in Main.java; the JVM must start from Main, not from the
    // helper declared first. The comment and the string name other classes that do not exist.
    write_text(dir / "contestants/ann/add.java",
               "import java.util.Scanner;\n/* public class Fake { } */\nclass Pair {\n    long a, b;\n"
               "    long sum() { return a + b; }\n}\npublic class Main {\n"
               "    static final String NOTE = \"public class Quoted {\";\n"
               "    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n"
               "        Pair p = new Pair();\n        p.a = in.nextLong();\n        p.b = in.nextLong();\n"
               "        System.out.println(p.sum());\n    }\n}\n");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    INFO(p.compile_message);
    CHECK(p.language == "java");
    CHECK(p.status == sudoku::judge::ProblemStatus::graded);
    CHECK(p.points == Approx(100));
}

TEST_CASE("languages: a Java class in a package runs by its full name, and a source without main is CE") {
    if (!sudoku::testing::on_path("javac"))
        sudoku::testing::skip_test("javac is not installed (Debian default-jdk-headless: scripts/install-deps --test)");
    auto dir = scratch("languages-java-package");
    const auto contest = write_add_contest(dir, "", "time_limit: 10\n");
    // javac puts zoo.Add in zoo/Add.class: the JVM must be asked for zoo.Add, not Add.
    write_text(dir / "contestants/ann/add.java",
               "package zoo;\nimport java.util.Scanner;\npublic class Add {\n"
               "    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n"
               "        System.out.println(in.nextLong() + in.nextLong());\n    }\n}\n");
    // Compiles, but nothing declares main: DOMjudge calls it a compile error, and so does the judge.
    write_text(dir / "contestants/bob/add.java", "public class Add {\n    int main() { return 0; }\n}\n");
    const auto results = grade_contest(contest);
    const auto& ann = of(results, "ann");
    INFO(ann.compile_message);
    CHECK(ann.status == sudoku::judge::ProblemStatus::graded);
    CHECK(ann.points == Approx(100));
    const auto& bob = of(results, "bob");
    CHECK(bob.status == sudoku::judge::ProblemStatus::CE);
    CHECK(bob.compile_message.find("no class declares a main method") != std::string::npos);
}

TEST_CASE("languages: a Python syntax error is CE with the interpreter's message, found by compiling to bytecode") {
    auto dir = scratch("languages-py-ce");
    const auto contest = write_add_contest(dir);
    submit(dir, "ann", "syntax_error.py", "add.py");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    CHECK(p.status == sudoku::judge::ProblemStatus::CE);
    CHECK(p.compile_message.find("SyntaxError") != std::string::npos);
    CHECK(p.language == "python");
}

TEST_CASE("languages: a Pascal compile error is CE with fpc's message, which it writes on stdout") {
    auto dir = scratch("languages-pas-ce");
    const auto contest = write_add_contest(dir);
    write_text(dir / "contestants/ann/add.pas", "program add;\nbegin\n  writeln(undeclared_name);\nend.\n");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    INFO(p.compile_message);
    CHECK(p.status == sudoku::judge::ProblemStatus::CE);
    CHECK(p.language == "pascal");
    CHECK(p.compile_message.find("undeclared_name") != std::string::npos);
    CHECK(p.compile_message.find("without a message") == std::string::npos);
}

TEST_CASE("languages: a language whose compiler is not installed is CE saying so") {
    auto dir = scratch("languages-missing-tool");
    const auto contest =
        write_add_contest(dir,
                          "languages:\n  ruby:\n    extensions: [.rb]\n    compile: no-such-ruby-compiler -c {src}\n"
                          "    run: no-such-ruby {main}\n");
    write_text(dir / "contestants/ann/add.rb", "puts gets.split.map(&:to_i).sum\n");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    CHECK(p.status == sudoku::judge::ProblemStatus::CE);
    CHECK(p.compile_message ==
          "the ruby compiler 'no-such-ruby-compiler' is not installed on this judge: ruby submissions cannot be "
          "graded here");
}

TEST_CASE("languages: the time multiplier stretches the problem's time limit for that language only") {
    auto dir = scratch("languages-multiplier");
    const std::string limits = "time_limit: 0.3\n";
    auto contest = write_add_contest(dir, "", limits);
    submit(dir, "ann", "slow_sum.py", "add.py");
    CHECK(of(grade_contest(contest), "ann").tests.at(0).verdict == sudoku::judge::Verdict::TLE);
    contest = write_add_contest(dir, "languages:\n  python:\n    time_multiplier: 4\n", limits);
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    CHECK(p.tests.at(0).verdict == sudoku::judge::Verdict::AC);
    CHECK(p.points == Approx(100));
}

TEST_CASE("languages: a folder of C++ sources and a header is compiled together") {
    auto dir = scratch("languages-folder");
    const auto contest = write_add_contest(dir);
    write_text(dir / "contestants/ann/add/add.cpp",
               "#include <iostream>\n#include \"adder.hpp\"\nint main() { long a, b; std::cin >> a >> b; "
               "std::cout << add(a, b) << '\\n'; }\n");
    write_text(dir / "contestants/ann/add/adder.hpp", "long add(long a, long b);\n");
    write_text(dir / "contestants/ann/add/adder.cpp",
               "#include \"adder.hpp\"\nlong add(long a, long b) { return a + b; }\n");
    write_text(dir / "contestants/ann/add/notes.txt", "not a source: not copied\n");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "ann");
    INFO(p.compile_message);
    CHECK(p.status == sudoku::judge::ProblemStatus::graded);
    CHECK(p.points == Approx(100));
}

TEST_CASE("languages: a folder submission with a link, an odd name or too many files is refused, never followed") {
    const auto languages = sudoku::judge::contest_languages(sudoku::judge::CompileSettings{});
    auto dir = scratch("languages-hostile");
    write_text(dir / "secret.ans", "42\n");
    const fs::path folder = dir / "mallory/add";
    write_text(folder / "add.cpp", "int main() {}\n");
    fs::create_symlink(dir / "secret.ans", folder / "stolen.hpp");
    auto found = sudoku::judge::find_sources(dir / "mallory", "add", languages);
    CHECK(found.files.size() == 2);
    const auto contest = write_add_contest(dir);
    fs::create_directories(dir / "contestants");
    fs::rename(dir / "mallory", dir / "contestants/mallory");
    const auto results = grade_contest(contest);
    const auto& p = of(results, "mallory");
    CHECK(p.status == sudoku::judge::ProblemStatus::refused);
    CHECK(p.compile_message == "stolen.hpp is a symbolic link (not followed); only a regular file is graded");

    fs::remove(dir / "contestants/mallory/add/stolen.hpp");
    write_text(dir / "contestants/mallory/add/x y.cpp", "\n");
    found = sudoku::judge::find_sources(dir / "contestants/mallory", "add", languages);
    CHECK(found.refusal.find("plain file name") != std::string::npos);
    fs::remove(dir / "contestants/mallory/add/x y.cpp");
    // The limit counts the main source: main and 63 others are 64 files, main and 64 others are not.
    for (int i = 0; i < 63; ++i) write_text(dir / "contestants/mallory/add" / (std::to_string(i) + "f.cpp"), "\n");
    found = sudoku::judge::find_sources(dir / "contestants/mallory", "add", languages);
    CHECK(found.refusal.empty());
    CHECK(found.files.size() == 64);
    write_text(dir / "contestants/mallory/add/63f.cpp", "\n");
    found = sudoku::judge::find_sources(dir / "contestants/mallory", "add", languages);
    CHECK(found.refusal == "add/ holds more than 64 source files");
    for (int i = 64; i < 70; ++i) write_text(dir / "contestants/mallory/add" / (std::to_string(i) + "f.cpp"), "\n");
    found = sudoku::judge::find_sources(dir / "contestants/mallory", "add", languages);
    CHECK(found.refusal == "add/ holds more than 64 source files");
}

TEST_CASE(
    "languages: placeholders: {src} is one word per source, {main} {exe} {dir} {class} are replaced inside words") {
    sudoku::judge::CommandWords w{{"a.cpp", "b.cpp"}, "a.cpp", "prog", "/box", "Main"};
    CHECK(sudoku::judge::command_argv("g++ -o{exe} {src} -I{dir}", w) ==
          std::vector<std::string>{"g++", "-oprog", "a.cpp", "b.cpp", "-I/box"});
    CHECK(sudoku::judge::command_argv("java -cp {dir} {class}", w) ==
          std::vector<std::string>{"java", "-cp", "/box", "Main"});
    sudoku::judge::CommandWords odd{{"{exe}.c"}, "{exe}.c", "prog", "/box", ""};
    CHECK(sudoku::judge::command_argv("cc x{main}", odd) == std::vector<std::string>{"cc", "x{exe}.c"});
}

TEST_CASE("languages: a bad languages entry in CONTEST.yaml is refused at its line") {
    auto dir = scratch("languages-bad");
    const auto refused = [&](const std::string& extra, const std::string& line, const std::string& what) {
        const auto contest = write_add_contest(dir, extra);
        auto loaded = sudoku::judge::load_contest(contest);
        REQUIRE(std::holds_alternative<Diagnostic>(loaded));
        const std::string e = std::get<Diagnostic>(loaded).to_string();
        INFO(e);
        CHECK(e.find("contest.yaml:" + line) != std::string::npos);
        CHECK(e.find(what) != std::string::npos);
    };
    refused("languages:\n  python:\n    time_multiplier: 0\n", "5", "time_multiplier");
    refused("languages:\n  python:\n    tim_multiplier: 2\n", "5", "tim_multiplier");
    refused("languages:\n  go:\n    extensions: [.go]\n    run: ./{exe}\n", "5", "needs extensions, compile and run");
    refused("languages:\n  go:\n    extensions: [go]\n", "5", "an extension is");
}

TEST_CASE("languages: a Python program runs under the problem's memory limit, in the same sandbox") {
    auto dir = scratch("languages-py-memory");
    const auto contest = write_add_contest(dir, "", "memory_limit: 64\n");
    write_text(dir / "contestants/ann/add.py",
               "import os\nhog = bytearray(256 << 20)\nprint(sum(map(int, input().split())))\n");
    write_text(dir / "contestants/ben/add.py", "import os\nprint(os.getcwd())\n");
    const auto results = grade_contest(contest);
    CHECK(of(results, "ann").tests.at(0).verdict == sudoku::judge::Verdict::MLE);
    // ben's program sees the box as its working directory, as compiled programs do
    CHECK(of(results, "ben").tests.at(0).reason == "token 1: expected '3', found '/box'");
}

TEST_CASE("languages: every file of a folder submission decides its compile record") {
    auto dir = scratch("languages-folder-inputs");
    const auto contest = write_add_contest(dir);
    write_text(dir / "contestants/ann/add/add.cpp", "#include \"adder.hpp\"\nint main() {}\n");
    write_text(dir / "contestants/ann/add/adder.hpp", "long add(long a, long b);\n");
    auto hash = [&] {
        auto loaded = sudoku::judge::load_contest(contest);
        REQUIRE(std::holds_alternative<Contest>(loaded));
        return sudoku::judge::GradingInputs(std::get<Contest>(loaded)).of_compile("ann", "add");
    };
    const std::string before = hash();
    write_text(dir / "contestants/ann/add/adder.hpp", "long add(long a, long c);\n");
    CHECK(hash() != before);
}

TEST_CASE("languages: p.c, p.cpp, p.py and a binary p are refused together, each named, none guessed") {
    auto dir = scratch("languages-ambiguous");
    write_text(dir / "ann/add.c", "int main(void) { return 0; }\n");
    write_text(dir / "ann/add.cpp", "int main() {}\n");
    write_text(dir / "ann/add.py", "print(3)\n");
    fs::copy_file("/bin/true", dir / "ann/add");
    write_text(dir / "bob/add/add.c", "int main(void) { return 0; }\n");
    write_text(dir / "bob/add/add.cpp", "int main() {}\n");
    const auto languages = sudoku::judge::contest_languages(sudoku::judge::CompileSettings{});
    const auto ann = sudoku::judge::find_sources(dir / "ann", "add", languages);
    CHECK(ann.refusal ==
          "more than one submission for add: add.cpp, add.c, add.py, add (a binary); keep only the "
          "one to be graded");
    CHECK(ann.files.size() == 4);
    const auto bob = sudoku::judge::find_sources(dir / "bob", "add", languages);
    CHECK_THAT(bob.refusal, Catch::Contains("more than one submission for add: add.cpp, add.c;"));
    write_text(dir / "carol/add.c", "int main(void) { return 0; }\n");
    const auto carol = sudoku::judge::find_sources(dir / "carol", "add", languages);
    CHECK(carol.refusal.empty());
    CHECK(carol.main.filename() == "add.c");
}

TEST_CASE("languages: an ambiguous submission is graded as refused, with the names, and the others as before") {
    auto dir = scratch("languages-ambiguous-grade");
    const auto contest = write_add_contest(dir);
    submit(dir, "ann", "sum_stdio.c", "add.c");
    submit(dir, "ann", "sum_stdio.c", "add.cpp");
    submit(dir, "bob", "sum_stdio.c", "add.c");
    const ContestResults results = grade_contest(contest);
    const auto& ann = of(results, "ann");
    CHECK(ann.status == sudoku::judge::ProblemStatus::refused);
    CHECK_THAT(ann.compile_message, Catch::Contains("more than one submission for add: add.cpp, add.c"));
    CHECK(ann.points == 0);
    CHECK(of(results, "bob").points == Approx(100));
}
