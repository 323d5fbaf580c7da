// Every file is read through one bounded reader (common/include/sudoku/common/bounded_file.hpp): an
// endless file (/dev/zero, a FIFO) or one larger than its kind ever is ends the program at once
// with a message naming it (before: sudoku-solve grew past 1 GB on /dev/zero and waited forever
// on a FIFO with no writer).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sudoku/common/bounded_file.hpp"
#include "support/time_limited_run.hpp"

namespace fs = std::filesystem;
using sudoku::testing::kTimedOut;
using sudoku::testing::run_time_limited;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("sudoku-bounded-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string refusal(const std::variant<std::string, sudoku::Diagnostic>& read) {
    const auto* d = std::get_if<sudoku::Diagnostic>(&read);
    return d ? d->to_string() : "(read, not refused)";
}

const std::string kSolve = "'" + std::string(SUDOKU_BINARY_DIR) + "/solver/sudoku-solve'";

}  // namespace

TEST_CASE("bounded reader: a device, a FIFO and a directory are refused before a byte is read") {
    const fs::path dir = scratch("kinds");
    REQUIRE(mkfifo((dir / "fifo").c_str(), 0600) == 0);  // no writer: a plain open() would wait forever
    CHECK(refusal(sudoku::read_text_file("/dev/zero", sudoku::kMaxConfigBytes)) ==
          "/dev/zero: expected a regular file, found a character device");
    CHECK(refusal(sudoku::read_text_file(dir / "fifo", sudoku::kMaxConfigBytes)) ==
          (dir / "fifo").string() + ": expected a regular file, found a FIFO");
    CHECK(refusal(sudoku::read_text_file(dir, sudoku::kMaxConfigBytes)) ==
          dir.string() + ": expected a regular file, found a directory");
    fs::remove_all(dir);
}

TEST_CASE("bounded reader: a file over its cap is refused by its size, one at the cap is read whole") {
    const fs::path dir = scratch("cap");
    std::ofstream(dir / "large").put('x');
    fs::resize_file(dir / "large", (64u << 20) + 1);  // sparse: nothing written
    CHECK(refusal(sudoku::read_text_file(dir / "large", 64u << 20)) ==
          (dir / "large").string() + ": expected a file of at most 64 MiB, found 67108865 bytes");
    std::ofstream(dir / "small") << "12345";
    const auto whole = sudoku::read_text_file(dir / "small", 5);
    REQUIRE(std::holds_alternative<std::string>(whole));
    CHECK(std::get<std::string>(whole) == "12345");
    CHECK(refusal(sudoku::read_text_file(dir / "small", 4)) ==
          (dir / "small").string() + ": expected a file of at most 4 bytes, found 5 bytes");
    fs::create_symlink(dir / "small", dir / "link");
    const auto refused = sudoku::open_bounded_file(dir / "link", 5, sudoku::Links::refuse);
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(refused));
    CHECK(std::get<sudoku::Diagnostic>(refused).message ==
          "expected a regular file, found a symbolic link (not followed)");
    CHECK(
        std::holds_alternative<sudoku::OpenedFile>(sudoku::open_bounded_file(dir / "link", 5, sudoku::Links::follow)));
    fs::remove_all(dir);
}

TEST_CASE("bounded reader: an endless pipe is cut at its cap, and a device is refused, /dev/null is empty") {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t writer = fork();
    if (writer == 0) {
        close(fds[0]);
        const std::string block(1 << 16, '0');
        while (write(fds[1], block.data(), block.size()) > 0) {}
        _exit(0);
    }
    close(fds[1]);
    CHECK(refusal(sudoku::read_stream(fds[0], "stdin", 1u << 20)) ==
          "stdin: expected a file of at most 1 MiB, found more");
    close(fds[0]);  // the writer ends on EPIPE
    waitpid(writer, nullptr, 0);
    const int zero = open("/dev/zero", O_RDONLY | O_CLOEXEC);
    REQUIRE(zero >= 0);
    CHECK(refusal(sudoku::read_stream(zero, "stdin", 1u << 20)) ==
          "stdin: expected a file, a pipe or a terminal, found a character device");
    close(zero);
    const int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    REQUIRE(null >= 0);
    const auto empty = sudoku::read_stream(null, "stdin", 1u << 20);
    REQUIRE(std::holds_alternative<std::string>(empty));
    CHECK(std::get<std::string>(empty).empty());
    close(null);
}

TEST_CASE("sudoku-solve: /dev/zero or a FIFO as the puzzle file or the weights ends at once, named") {
    const fs::path dir = scratch("solve");
    REQUIRE(mkfifo((dir / "fifo").c_str(), 0600) == 0);
    std::ofstream(dir / "target.in") << "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n"
                                        "0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n"
                                        "0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 0 0 0 0 0 0 0 0\n";
    const struct {
        std::string args, named;
    } cases[] = {
        {"--problem line81 /dev/zero", "/dev/zero: expected a regular file, found a character device"},
        {"--problem line81 fifo", "fifo: expected a regular file, found a FIFO"},
        {"--problem target --weights /dev/zero target.in", "/dev/zero: expected a regular file"},
        {"--problem target --weights fifo target.in", "fifo: expected a regular file, found a FIFO"},
    };
    for (const auto& c : cases) {
        INFO("sudoku-solve " << c.args);
        const auto run = run_time_limited(dir, kSolve + " " + c.args);
        CHECK(run.status == 2);
        CHECK_THAT(run.err, Catch::Contains(c.named));
    }
    fs::remove_all(dir);
}

TEST_CASE("sudoku-solve: standard input over the data cap or from /dev/zero is refused at once") {
    const fs::path dir = scratch("stdin");
    std::ofstream(dir / "huge").put('0');
    fs::resize_file(dir / "huge", sudoku::kMaxDataBytes + 1);  // sparse: nothing written
    const auto run = run_time_limited(dir, kSolve + " --problem line81", (dir / "huge").string());
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("stdin: expected a file of at most 2 GiB, found 2147483649 bytes"));
    CHECK(run.status != kTimedOut);
    const auto zero = run_time_limited(dir, kSolve + " --problem line81", "/dev/zero");
    CHECK(zero.status == 2);
    CHECK_THAT(zero.err, Catch::Contains("stdin: expected a file, a pipe or a terminal, found a character device"));
    fs::remove_all(dir);
}
