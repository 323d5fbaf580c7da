#include "command_line.hpp"

#include <sys/statvfs.h>

#include <algorithm>
#include <charconv>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "sudoku/common/version.hpp"

namespace sudoku::cli {

namespace {

// CLI11's layout with our usage lines, and the usage before the description as a manual page has it.
class HelpLayout : public CLI::Formatter {
public:
    struct Help {
        std::string usage, text;
    };
    std::map<const CLI::App*, Help> helps;

    std::string make_usage(const CLI::App* app, std::string name) const override {
        auto it = helps.find(app);
        if (it == helps.end()) return CLI::Formatter::make_usage(app, std::move(name));
        return "usage: " + it->second.usage + "\n";
    }

    std::string make_description(const CLI::App* app) const override {
        auto it = helps.find(app);
        if (it == helps.end()) return CLI::Formatter::make_description(app);
        return it->second.text + "\n";
    }

    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
        if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
        std::stringstream out;
        out << make_usage(app, std::move(name)) << "\n"
            << make_description(app) << make_positionals(app) << make_groups(app, mode) << make_subcommands(app, mode)
            << "\n"
            << make_footer(app);
        return out.str();
    }
};

HelpLayout& layout_of(CLI::App& app) {
    auto layout = std::dynamic_pointer_cast<HelpLayout>(app.get_formatter());
    if (!layout) throw std::logic_error("describe before use_help_layout on " + app.get_name());
    return *layout;
}

// CLI11 takes the next argument as an option's value even when it is another option: `--out
// --jobs 2` would write into a folder named "--jobs". No value of ours starts with "--".
CLI::Validator not_an_option() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            if (value.rfind("--", 0) == 0) return "expected a value, found the option '" + value + "'";
            return "";
        },
        "", "value");
}

void require_real_values(CLI::App& app) {
    for (CLI::Option* option : app.get_options())
        if (!option->get_positional() && option->get_items_expected_min() > 0) option->check(not_an_option());
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) require_real_values(*sub);
}

std::string command_names(CLI::App& app) {
    std::string names;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        names += (names.empty() ? "" : ", ") + sub->get_name();
    return names;
}

bool is_command(CLI::App& app, const std::string& name) {
    return !app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == name; }).empty();
}

// "sudoku-judge grade": the program and the commands chosen before the error.
std::string where(CLI::App& app) {
    std::string name = app.get_name();
    for (const CLI::App* sub : app.get_subcommands()) name += " " + sub->get_name();
    return name;
}

// CLI11's message, said the way our other messages are; arguments nobody took are named first,
// since CLI11 reports a missing required option before an unknown one ("--jobz 2").
std::string message_of(const CLI::ParseError& error, CLI::App& app) {
    std::vector<std::string> extra = app.remaining(true);
    std::stable_partition(extra.begin(), extra.end(), [](const std::string& arg) { return arg.rfind("-", 0) == 0; });
    const bool about_arguments =
        dynamic_cast<const CLI::RequiredError*>(&error) || dynamic_cast<const CLI::ExtrasError*>(&error);
    if (about_arguments && !extra.empty())
        return (extra.front().rfind("-", 0) == 0 ? "unknown option '" : "unexpected argument '") + extra.front() + "'";
    const std::string text = error.what();
    const auto colon = text.find(": ");
    const auto required = text.find(" required "), missing = text.find(" missing");
    if (error.get_name() == "ArgumentMismatch" && colon != std::string::npos && required != std::string::npos &&
        missing != std::string::npos && required < missing)  // "--out: 1 required DIR missing"
        return text.substr(0, colon) + " needs a value (" + text.substr(required + 10, missing - required - 10) + ")";
    return text;
}

int usage_error(const std::string& where, const std::string& message) {
    std::cerr << where << ": " << message << " (see --help)\n";
    return exit_bad_input;
}

}  // namespace

void use_help_layout(CLI::App& app) { app.formatter(std::make_shared<HelpLayout>()); }

void add_version_flag(CLI::App& app) {
    app.set_version_flag("--version", app.get_name() + " " + toolkit_version(), "print the version and git commit");
}

void describe(CLI::App& app, std::string usage, std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    layout_of(app).helps[&app] = {std::move(usage), std::move(text)};
}

CLI::App* add_command(CLI::App& program, const CommandHelp& help) {
    CLI::App* app = program.add_subcommand(help.name, help.summary);
    describe(*app, help.usage, help.description);
    app->footer(help.footer);
    return app;
}

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
    const std::string range = "from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
            auto parsed = std::from_chars(text.data(), end, value);
            if (!digits_only || parsed.ec != std::errc() || parsed.ptr != end || value < min || value > max)
                return "expected a whole number " + range + ", found '" + text + "'";
            text = std::to_string(value);  // CLI11 reads a leading 0 as octal: hand it the plain number
            return "";
        },
        "", "whole number");
}

CLI::Validator positive_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double value = 0;
            const char* end = text.data() + text.size();
            auto parsed = std::from_chars(text.data(), end, value);
            if (text.empty() || parsed.ec != std::errc() || parsed.ptr != end || !(value > 0))
                return "expected a positive number, found '" + text + "'";
            return "";
        },
        "", "positive number");
}

std::optional<int> parse(CLI::App& app, int argc, char** argv) {
    require_real_values(app);
    const bool has_commands = !command_names(app).empty();
    if (has_commands && argc < 2) return usage_error(app.get_name(), "a command is needed: " + command_names(app));
    if (has_commands && argv[1][0] != '-' && !is_command(app, argv[1]))
        return usage_error(app.get_name(),
                           "unknown command '" + std::string(argv[1]) + "', expected one of " + command_names(app));
    try {
        app.parse(argc, argv);
        return std::nullopt;
    } catch (const CLI::ParseError& error) {
        if (error.get_exit_code() == 0) {  // --help, --version
            app.exit(error, std::cout, std::cerr);
            return exit_done;
        }
        return usage_error(where(app), message_of(error, app));
    }
}

namespace {

// A full file system, said as such: which folder, and whether its blocks or its inodes ran out
// (a file system with room can have no inode left: every new file or folder fails with ENOSPC).
std::string file_system_failure(const std::filesystem::filesystem_error& error) {
    namespace fs = std::filesystem;
    if (error.code() != std::errc::no_space_on_device || error.path1().empty())
        return std::string("internal error: ") + error.what();
    std::error_code ec;
    fs::path folder = fs::absolute(error.path1(), ec).parent_path();
    while (folder.has_relative_path() && !fs::is_directory(folder, ec)) folder = folder.parent_path();
    struct statvfs fs_stat {};
    const bool no_inodes = statvfs(folder.c_str(), &fs_stat) == 0 && fs_stat.f_favail == 0;
    return std::string(no_inodes ? "no inodes left" : "no space left") + " on the file system of " + folder.string() +
           " (making " + error.path1().string() + "): free " +
           (no_inodes ? "files there (df -i " : "space there (df ") + folder.string() + ")";
}

}  // namespace

int run_guarded(const std::string& program, const std::function<int()>& command) {
    try {
        return command();
    } catch (const std::filesystem::filesystem_error& error) {
        std::cerr << program << ": " << file_system_failure(error) << "\n";
        return exit_internal_error;
    } catch (const std::exception& error) {
        std::cerr << program << ": internal error: " << error.what() << "\n";
        return exit_internal_error;
    }
}

}  // namespace sudoku::cli
