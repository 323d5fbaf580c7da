// The Kattis reader's parts (formats/kattis.hpp): problem.yaml, the data tree, the submissions.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "package_files.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats::kattis {

// What problem.yaml says beyond the model's fields.
struct Metadata {
    KattisVersion version = KattisVersion::legacy;
    std::vector<std::string> validator_flags;  // legacy: for the output validator, every test
    bool custom_validator = false;
    std::string special_compare;  // DOMjudge: the validator's folder under output_validators/
};

// The limits a package without problem.yaml (or without `limits`) has: the spec's typical system
// defaults, the time limit derived.
void default_limits(problem::Problem& problem, const Metadata& meta);

// problem.yaml into `problem` (name, type, limits, checker flags).
Metadata read_problem_yaml(const PackageFiles& files, problem::Problem& problem, Refusals& refusals);

// data/: the tests and groups, with their testdata.yaml / test_group.yaml.
void read_data(const PackageFiles& files, const Metadata& meta, problem::Problem& problem, Refusals& refusals);

// The output validator (custom, or the default one's flags) and the input validators.
void read_validators(const PackageFiles& files, const Metadata& meta, problem::Problem& problem, Refusals& refusals);

// include/<language>/ and include/default/: the files added to every submission of a language.
void read_included(const PackageFiles& files, problem::Problem& problem, Refusals& refusals);

// submissions/<verdict>/: expectations, and how each bounds a derived time limit.
void read_submissions(const PackageFiles& files, const Metadata& meta, problem::Problem& problem, Refusals& refusals);

// The default output validator's flags into the checker; refusals name `where`.
void apply_default_flags(const std::vector<std::string>& flags, problem::Checker& checker,
                         const std::filesystem::path& where, Refusals& refusals);

// A submission's contestant name: `folder`-`file name`, with what a name cannot hold as '_', and
// a suffix when another submission of `problem` has it already.
std::string contestant_name(const std::string& folder, const std::filesystem::path& entry,
                            const problem::Problem& problem);

// The judgements a submissions/<folder>/ requires (the table of `version`'s spec); false for
// another folder.
bool folder_rules(const std::string& folder, problem::Expectation& e, KattisVersion version = KattisVersion::legacy);

// Words split at whitespace.
std::vector<std::string> split_words(const std::string& text);

// The format's language codes ("python3") to the judge's language names ("python").
const std::map<std::string, std::string>& language_codes();

// Our language for a source file's extension (Kattis's and DOMjudge's), empty when none.
std::string language_of(const std::filesystem::path& file);

}  // namespace sudoku::formats::kattis
