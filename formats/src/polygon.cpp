// A Polygon package: problem.xml's testset, groups, checker and solutions (sudoku/formats/polygon.hpp).
#include "sudoku/formats/polygon.hpp"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>

#include "kattis_parts.hpp"
#include "package_files.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

namespace {

using Document = std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)>;

// What the reader carries while walking problem.xml: the file for messages, and the refusals.
struct Reading {
    const PackageFiles& files;
    fs::path xml;
    Refusals& refusals;
    void refuse(const xmlNode* at, const std::string& why) const {
        refusals.add(xml, at ? static_cast<int>(xmlGetLineNo(at)) : 0, why);
    }
};

std::string attribute(const xmlNode* node, const char* name) {
    xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
    if (!value) return {};
    std::string out(reinterpret_cast<const char*>(value));
    xmlFree(value);
    return out;
}

std::string text_of(const xmlNode* node) {
    xmlChar* value = xmlNodeGetContent(node);
    if (!value) return {};
    std::string out(reinterpret_cast<const char*>(value));
    xmlFree(value);
    const auto b = out.find_first_not_of(" \t\r\n"), e = out.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : out.substr(b, e - b + 1);
}

bool named(const xmlNode* node, const char* name) {
    return node->type == XML_ELEMENT_NODE && xmlStrcmp(node->name, reinterpret_cast<const xmlChar*>(name)) == 0;
}

const xmlNode* child(const xmlNode* node, const char* name) {
    if (!node) return nullptr;
    for (const xmlNode* c = node->children; c; c = c->next)
        if (named(c, name)) return c;
    return nullptr;
}

std::vector<const xmlNode*> children(const xmlNode* node, const char* name) {
    std::vector<const xmlNode*> out;
    if (node)
        for (const xmlNode* c = node->children; c; c = c->next)
            if (named(c, name)) out.push_back(c);
    return out;
}

std::optional<double> number(const std::string& text, double max) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(v >= 0) || v > max) return std::nullopt;
    return v;
}

// A path of the package named by problem.xml, inside it and a regular file.
std::optional<fs::path> package_file(const Reading& r, const xmlNode* at, const std::string& relative) {
    const fs::path p = fs::path(relative).lexically_normal();
    if (relative.empty() || p.is_absolute() || (!p.empty() && *p.begin() == "..")) {
        r.refuse(at, "expected a path inside the package, found '" + relative + "'");
        return std::nullopt;
    }
    Refusals here;
    auto file = r.files.regular(r.files.root() / p, here);
    if (!file) r.refuse(at, "'" + relative + "' is not a regular file inside the package");
    return file;
}

// A path pattern's one printf conversion (%d, %02d) applied to `index`; nullopt when the pattern
// holds anything else after a '%'.
std::optional<std::string> expand(const std::string& pattern, int index) {
    std::string out;
    int conversions = 0;
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '%') {
            out += pattern[i];
            continue;
        }
        size_t j = i + 1;
        const bool zero = j < pattern.size() && pattern[j] == '0';
        size_t width = 0;
        while (j < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[j])) && width < 10)
            width = width * 10 + static_cast<size_t>(pattern[j++] - '0');
        if (j >= pattern.size() || pattern[j] != 'd' || ++conversions > 1) return std::nullopt;
        std::string digits = std::to_string(index);
        if (digits.size() < width) digits.insert(0, width - digits.size(), zero ? '0' : ' ');
        out += digits;
        i = j;
    }
    if (conversions != 1) return std::nullopt;
    return out;
}

struct PolygonTest {
    std::string group;
    double points = 0;
    bool has_points = false;
};

void read_limits(const Reading& r, const xmlNode* judging, const xmlNode* testset, Problem& problem) {
    const std::string in = attribute(judging, "input-file"), out = attribute(judging, "output-file");
    if (!in.empty()) problem.io.input = in;
    if (!out.empty()) problem.io.output = out;
    if (const xmlNode* t = child(testset, "time-limit")) {
        auto ms = number(text_of(t), 300000);
        if (!ms || *ms == 0)
            r.refuse(t, "<time-limit> expects milliseconds, 1 to 300000, found '" + text_of(t) + "'");
        else
            problem.limits.time_s = *ms / 1000;
    }
    if (const xmlNode* m = child(testset, "memory-limit")) {
        auto bytes = number(text_of(m), 1e12);
        if (!bytes || *bytes < (1 << 20))
            r.refuse(m, "<memory-limit> expects bytes, at least 1 MiB, found '" + text_of(m) + "'");
        else
            problem.limits.memory_mib = static_cast<std::int64_t>(std::ceil(*bytes / (1 << 20)));
    }
}

// The tests of the testset, their files found by the path patterns.
std::vector<PolygonTest> read_tests(const Reading& r, const xmlNode* testset, Problem& problem) {
    const xmlNode* in_pattern = child(testset, "input-path-pattern");
    const xmlNode* ans_pattern = child(testset, "answer-path-pattern");
    std::vector<PolygonTest> out;
    if (!in_pattern || !ans_pattern) {
        r.refuse(testset, "expected <input-path-pattern> and <answer-path-pattern> in the testset");
        return out;
    }
    const auto tests = children(child(testset, "tests"), "test");
    const int width = static_cast<int>(std::to_string(tests.size()).size());
    for (size_t i = 0; i < tests.size(); ++i) {
        const xmlNode* t = tests[i];
        const int index = static_cast<int>(i) + 1;
        auto in = expand(text_of(in_pattern), index), ans = expand(text_of(ans_pattern), index);
        if (!in || !ans) {
            r.refuse(in ? ans_pattern : in_pattern,
                     "expected a path pattern with one %d, found '" + text_of(in ? ans_pattern : in_pattern) + "'");
            return out;
        }
        problem::Test test;
        test.name =
            std::string(static_cast<size_t>(width) - std::min(static_cast<size_t>(width), std::to_string(index).size()),
                        '0') +
            std::to_string(index);
        auto in_file = package_file(r, t, *in), ans_file = package_file(r, t, *ans);
        if (in_file) test.input = *in_file;
        if (ans_file) test.answer = *ans_file;
        test.sample = attribute(t, "sample") == "true";
        PolygonTest pt{attribute(t, "group"), 0, false};
        if (const std::string points = attribute(t, "points"); !points.empty()) {
            auto v = number(points, 1e9);
            if (!v) r.refuse(t, "'points' expects a number, found '" + points + "'");
            pt.points = v.value_or(0), pt.has_points = true;
        }
        problem.tests.push_back(std::move(test));
        out.push_back(pt);
    }
    if (out.empty()) r.refuse(testset, "the testset has no <test>");
    return out;
}

// A group of problem.xml as model groups: each-test with tests of differing points gets a
// subgroup per test, as the model's accept_score is a group's.
void add_group(const Reading& r, const xmlNode* g, const std::vector<PolygonTest>& tests, Problem& problem) {
    const std::string name = attribute(g, "name"), policy = attribute(g, "points-policy");
    problem::Group group;
    group.name = name;
    group.parent = "data";
    std::vector<size_t> members;
    double total = 0;
    for (size_t i = 0; i < tests.size(); ++i)
        if (tests[i].group == name) members.push_back(i), total += tests[i].points;
    for (const xmlNode* d : children(child(g, "dependencies"), "dependency"))
        group.require_pass.push_back(attribute(d, "group"));
    if (policy == "complete-group") {
        group.aggregation = problem::Aggregation::pass_fail;
        group.max_score = total;
        if (const std::string points = attribute(g, "points"); !points.empty())
            group.max_score = number(points, 1e9).value_or(total);
        for (size_t i : members) problem.tests[i].group = name;
        problem.groups.push_back(std::move(group));
        return;
    }
    if (!policy.empty() && policy != "each-test") {
        r.refuse(g, "'points-policy' expects each-test or complete-group, found '" + policy + "'");
        return;
    }
    bool uniform = true;
    for (size_t i : members) uniform = uniform && tests[i].points == tests[members[0]].points;
    if (uniform) {
        group.accept_score = members.empty() ? 0 : tests[members[0]].points;
        for (size_t i : members) problem.tests[i].group = name;
        problem.groups.push_back(std::move(group));
        return;
    }
    problem.groups.push_back(group);
    for (size_t i : members) {
        problem::Group one;
        one.name = name + "/" + problem.tests[i].name;
        one.parent = name;
        one.accept_score = tests[i].points;
        problem.tests[i].group = one.name;
        problem.groups.push_back(std::move(one));
    }
}

// Tests outside any group: one subgroup per test at the root, scoring its points.
void add_ungrouped(const std::vector<PolygonTest>& tests, Problem& problem) {
    for (size_t i = 0; i < tests.size(); ++i) {
        if (!problem.tests[i].group.empty()) continue;
        problem::Group one;
        one.name = "test/" + problem.tests[i].name;
        one.parent = "data";
        one.accept_score = tests[i].points;
        problem.tests[i].group = one.name;
        problem.groups.push_back(std::move(one));
    }
}

void read_groups(const Reading& r, const xmlNode* testset, const std::vector<PolygonTest>& tests, Problem& problem) {
    problem::Group root;
    root.name = "data";
    bool scored = false;
    for (const auto& t : tests) scored = scored || t.has_points;
    if (!scored) {
        // No points: right or wrong as a whole, by every test.
        root.aggregation = problem::Aggregation::pass_fail;
        root.max_score = 1;
        problem.groups.push_back(root);
        for (auto& t : problem.tests) t.group = "data";
        return;
    }
    problem.type = problem::ProblemType::scoring;
    problem.groups.push_back(root);
    for (const xmlNode* g : children(child(testset, "groups"), "group")) add_group(r, g, tests, problem);
    add_ungrouped(tests, problem);
}

// What a solution's tag asks of it, in the model's terms.
bool tag_rules(const std::string& tag, problem::Expectation& e) {
    using J = Judgement;
    if (tag == "main" || tag == "accepted")
        e.permitted = {J::accepted};
    else if (tag == "wrong-answer")
        e.permitted = {J::accepted, J::wrong_answer}, e.required = {J::wrong_answer};
    else if (tag == "presentation-error")
        e.permitted = {J::accepted, J::presentation_error}, e.required = {J::presentation_error};
    else if (tag == "time-limit-exceeded")
        e.permitted = {J::accepted, J::time_limit_exceeded}, e.required = {J::time_limit_exceeded};
    else if (tag == "memory-limit-exceeded")
        e.permitted = {J::accepted, J::memory_limit_exceeded}, e.required = {J::memory_limit_exceeded};
    else if (tag == "time-limit-exceeded-or-accepted")
        e.permitted = {J::accepted, J::time_limit_exceeded};
    else if (tag == "time-limit-exceeded-or-memory-limit-exceeded")
        e.permitted = {J::accepted, J::time_limit_exceeded, J::memory_limit_exceeded},
        e.required = {J::time_limit_exceeded, J::memory_limit_exceeded};
    else if (tag == "failed")
        e.permitted = {J::accepted, J::run_time_error}, e.required = {J::run_time_error};
    else if (tag == "rejected")
        e.required = {J::wrong_answer,          J::presentation_error, J::time_limit_exceeded,
                      J::memory_limit_exceeded, J::run_time_error,     J::output_limit_exceeded};
    else
        return false;
    return true;
}

void read_assets(const Reading& r, const xmlNode* assets, Problem& problem) {
    if (const xmlNode* interactor = child(assets, "interactor"))
        r.refuse(interactor, "interactive problems (an <interactor>) are not supported");
    if (const xmlNode* checker = child(assets, "checker")) {
        const std::string type = attribute(checker, "type");
        if (!type.empty() && type != "testlib")
            r.refuse(checker, "expected a testlib checker, found type '" + type + "'");
        const xmlNode* source = child(checker, "source");
        if (auto file = source ? package_file(r, source, attribute(source, "path")) : std::nullopt) {
            problem.checker.kind = problem::CheckerKind::program;
            problem.checker.protocol = problem::CheckerProtocol::testlib;
            problem.checker.program.path = *file;
            problem.checker.program.language = kattis::language_of(*file);
            const fs::path testlib = file->parent_path() / "testlib.h";
            if (r.files.exists(testlib)) problem.checker.program.includes.push_back(testlib);
        }
    }
    for (const xmlNode* v : children(child(assets, "validators"), "validator")) {
        const xmlNode* source = child(v, "source");
        auto file = source ? package_file(r, source, attribute(source, "path")) : std::nullopt;
        if (!file) continue;
        problem::InputValidator validator;
        validator.program.path = *file;
        validator.program.language = kattis::language_of(*file);
        if (r.files.exists(file->parent_path() / "testlib.h"))
            validator.program.includes.push_back(file->parent_path() / "testlib.h");
        validator.accept_exit = 0;
        // Polygon validates its tests on Linux, where testlib's strict readEoln wants LF; a
        // package exported for Windows holds the same tests with CR LF.
        validator.crlf_as_lf = true;
        problem.validators.push_back(std::move(validator));
    }
    for (const xmlNode* s : children(child(assets, "solutions"), "solution")) {
        const std::string tag = attribute(s, "tag");
        const xmlNode* source = child(s, "source");
        problem::Expectation e;
        e.folder = tag;
        if (!tag_rules(tag, e)) {
            r.refuse(s, "unknown solution tag '" + tag + "'");
            continue;
        }
        auto file = source ? package_file(r, source, attribute(source, "path")) : std::nullopt;
        if (!file) continue;
        e.submission.path = *file;
        e.submission.language = kattis::language_of(*file);
        e.contestant = kattis::contestant_name(tag, *file, problem);
        problem.expectations.push_back(std::move(e));
    }
}

void read_document(const Reading& r, const xmlNode* top, Problem& problem) {
    if (!named(top, "problem")) return r.refuse(top, "expected <problem> at the top of problem.xml");
    if (const std::string name = attribute(top, "short-name"); !name.empty()) problem.name = name;
    if (const xmlNode* names = child(top, "names"))
        if (const xmlNode* n = child(names, "name")) problem.title = attribute(n, "value");
    const xmlNode* judging = child(top, "judging");
    const xmlNode* testset = nullptr;
    for (const xmlNode* t : children(judging, "testset"))
        if (attribute(t, "name") == "tests") testset = t;
    if (!testset) return r.refuse(judging ? judging : top, "expected <judging> with a <testset name=\"tests\">");
    read_limits(r, judging, testset, problem);
    const auto tests = read_tests(r, testset, problem);
    if (!r.refusals.empty()) return;
    read_groups(r, testset, tests, problem);
    read_assets(r, child(top, "assets"), problem);
}

}  // namespace

bool is_polygon_package(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "problem.xml", ec);
}

std::variant<Problem, std::vector<Diagnostic>> read_polygon(const fs::path& dir) {
    const PackageFiles files(dir);
    Refusals refusals;
    Problem problem;
    problem.format = problem::PackageFormat::polygon;
    problem.source = files.root();
    problem.name = files.root().filename().string();
    problem.title = problem.name;
    const fs::path xml = files.root() / "problem.xml";
    auto text = files.text(xml, refusals, std::uintmax_t{16} << 20);
    if (!text) return refusals.list;
    // No network, no entities expanded, and libxml2 silent: its error comes back as a value.
    Document doc(xmlReadMemory(text->data(), static_cast<int>(text->size()), "problem.xml", nullptr,
                               XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING),
                 &xmlFreeDoc);
    if (!doc) {
        const xmlError* e = xmlGetLastError();
        refusals.add(xml, e ? e->line : 0,
                     std::string("expected well-formed XML: ") + (e && e->message ? e->message : "unreadable"));
        return refusals.list;
    }
    const Reading reading{files, xml, refusals};
    read_document(reading, xmlDocGetRootElement(doc.get()), problem);
    for (const auto& why : problem::model_problems(problem)) refusals.add(files.root(), 0, why);
    if (!refusals.empty()) return refusals.list;
    return problem;
}

}  // namespace sudoku::formats
