// Debian's Chromium, headless, for the report's browser tests: no network, no profile, no
// background services (the page must be self-contained). A machine without it skips the test (77).
// Header only, for Catch2 test executables.
#pragma once

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/skip.hpp"

namespace sudoku::testing {

inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline std::string file_url(const std::filesystem::path& page) {
    return "file://" + std::filesystem::absolute(page).string();
}

// Chromium's stdout for `args`; its exit status must be 0. As root it needs --no-sandbox.
inline std::string chromium(const std::string& args) {
    if (!on_path("chromium"))
        skip_test("Chromium is not installed (Debian package chromium; scripts/install-deps installs it)");
    char profile[] = "/tmp/report-chromium-XXXXXX";
    REQUIRE(mkdtemp(profile) != nullptr);
    const std::string command =
        "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--disable-dev-shm-usage --user-data-dir=" +
        std::string(profile) + " " + args + " 2>/dev/null";
    std::string out;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[65536];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
        const int status = pclose(p);
        INFO(command);
        CHECK(status == 0);
    }
    std::filesystem::remove_all(profile);
    return out;
}

// The DOM after the page's scripts ran. The virtual time budget lets timers and the load event
// settle however busy the machine is (no timing is asserted).
inline std::string dump_dom(const std::filesystem::path& page) {
    return chromium("--virtual-time-budget=30000 --dump-dom " + shell_quote(file_url(page)));
}

inline void screenshot(const std::filesystem::path& page, const std::filesystem::path& png, int width = 1200,
                       int height = 1500) {
    std::filesystem::remove(png);
    chromium("--virtual-time-budget=30000 --window-size=" + std::to_string(width) + "," + std::to_string(height) +
             " --hide-scrollbars --screenshot=" + shell_quote(png.string()) + " " + shell_quote(file_url(page)));
}

inline std::string read_page(const std::filesystem::path& page) {
    std::ifstream in(page, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A copy of `page` at `copy` with `script` run after the page's own (test-only: it clicks, types
// and writes what it sees into the DOM, which dump_dom then reads).
inline void with_probe(const std::filesystem::path& page, const std::filesystem::path& copy,
                       const std::string& script) {
    std::string html = read_page(page);
    const auto end = html.rfind("</body>");
    REQUIRE(end != std::string::npos);
    html.replace(end, 7, "<script>" + script + "</script></body>");
    std::ofstream(copy, std::ios::binary) << html;
}

}  // namespace sudoku::testing
