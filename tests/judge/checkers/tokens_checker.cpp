// A testlib-protocol checker for the judge's tests: `tokens_checker input output answer` compares
// the whitespace-separated tokens of output and answer; exit 0 AC, 1 WA, 3 FAIL (a file it cannot
// open, as testlib's "Answer file not found"), the message on stderr.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

bool tokens_of(const char* file, std::vector<std::string>& tokens) {
    std::ifstream in(file);
    if (!in) return false;
    for (std::string token; in >> token;) tokens.push_back(token);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: tokens_checker input output answer\n";
        return 3;
    }
    std::vector<std::string> output, answer;
    if (!tokens_of(argv[3], answer)) {
        std::cerr << "Answer file not found: " << argv[3] << "\n";
        return 3;
    }
    if (!tokens_of(argv[2], output)) {
        std::cerr << "Output file not found: " << argv[2] << "\n";
        return 1;
    }
    if (output != answer) {
        std::cerr << "expected " << answer.size() << " token(s) as in the answer, found others\n";
        return 1;
    }
    std::cerr << "ok " << answer.size() << " token(s)\n";
    return 0;
}
