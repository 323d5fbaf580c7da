// manifest.json field by field: the one place its names are written (see sudoku/problem/manifest.hpp).
#include "sudoku/problem/manifest.hpp"

#include "sudoku/common/bounded_file.hpp"

namespace sudoku {

namespace {

using Ordered = nlohmann::ordered_json;
using Json = nlohmann::json;

template <class T>
Ordered optional_value(const std::optional<T>& v) {
    return v ? Ordered(*v) : Ordered(nullptr);
}

template <class T>
void read_optional(const Json& j, const char* key, std::optional<T>& out) {
    auto it = j.find(key);
    if (it != j.end() && !it->is_null()) out = it->get<T>();
}

}  // namespace

void to_json(Ordered& j, const ManifestPuzzle& p) {
    j = Ordered{{"clues", p.clues}, {"solutions", p.solutions}, {"solutions_capped", p.solutions_capped}};
    if (p.guesses) j["guesses"] = *p.guesses;
    if (p.techniques) j["techniques"] = *p.techniques;
    if (p.refuted_by_singles) j["refuted_by_singles"] = *p.refuted_by_singles;
}

void to_json(Ordered& j, const ManifestSample& s) {
    j = Ordered{{"input", s.input},
                {"answer_file", s.answer_file},
                {"answer", optional_value(s.answer)},
                {"sha256_input", s.sha256_input},
                {"sha256_answer", s.sha256_answer}};
}

void to_json(Ordered& j, const ManifestTest& t) {
    j = Ordered{{"test", t.test},
                {"input", t.input},
                {"answer_file", t.answer_file},
                {"group", t.group},
                {"points", t.points},
                {"seed", t.seed},
                {"kind", t.kind},
                {"hardness", t.hardness},
                {"puzzles", t.puzzles},
                {"answer", optional_value(t.answer)},
                {"sha256_input", t.sha256_input},
                {"sha256_answer", t.sha256_answer},
                {"generator_version", t.generator_version}};
}

void to_json(Ordered& j, const Manifest& m) {
    j = Ordered{{"problem", m.problem},
                {"solver_problem", m.solver_problem},
                {"generator_version", m.generator_version},
                {"seed", m.seed},
                {"samples", m.samples},
                {"tests", m.tests}};
}

void from_json(const Json& j, ManifestPuzzle& p) {
    p.clues = j.value("clues", -1);
    p.solutions = j.value("solutions", std::uint64_t{0});
    p.solutions_capped = j.value("solutions_capped", false);
    read_optional(j, "guesses", p.guesses);
    read_optional(j, "techniques", p.techniques);
    read_optional(j, "refuted_by_singles", p.refuted_by_singles);
}

void from_json(const Json& j, ManifestSample& s) {
    s.input = j.value("input", "");
    s.answer_file = j.value("answer_file", "");
    read_optional(j, "answer", s.answer);
    s.sha256_input = j.value("sha256_input", "");
    s.sha256_answer = j.value("sha256_answer", "");
}

void from_json(const Json& j, ManifestTest& t) {
    t.test = j.value("test", "");
    t.input = j.value("input", "");
    t.answer_file = j.value("answer_file", "");
    t.group = j.value("group", "");
    t.points = j.value("points", 0);
    t.seed = j.value("seed", std::uint64_t{0});
    t.kind = j.value("kind", "");
    t.hardness = j.value("hardness", "");
    t.puzzles = j.value("puzzles", std::vector<ManifestPuzzle>{});
    read_optional(j, "answer", t.answer);
    t.sha256_input = j.value("sha256_input", "");
    t.sha256_answer = j.value("sha256_answer", "");
    t.generator_version = j.value("generator_version", "");
}

void from_json(const Json& j, Manifest& m) {
    m.problem = j.value("problem", "");
    m.solver_problem = j.value("solver_problem", "");
    m.generator_version = j.value("generator_version", "");
    m.seed = j.value("seed", std::uint64_t{0});
    m.samples = j.value("samples", std::vector<ManifestSample>{});
    m.tests = j.at("tests").get<std::vector<ManifestTest>>();
}

std::string manifest_text(const Manifest& m) { return Ordered(m).dump(2) + "\n"; }

std::variant<Manifest, Diagnostic> read_manifest(const std::filesystem::path& test_set_dir) {
    const std::filesystem::path file = test_set_dir / kManifestFile;
    auto text = read_text_file(file, kMaxConfigBytes);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    const Json j = Json::parse(std::get<std::string>(text), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("tests") || !j["tests"].is_array())
        return Diagnostic{file.string(), 0, 0, "not a test-set manifest (expected JSON with a \"tests\" array)"};
    try {
        return j.get<Manifest>();
    } catch (const Json::exception& e) {
        return Diagnostic{file.string(), 0, 0, std::string("not a test-set manifest: ") + e.what()};
    }
}

}  // namespace sudoku
