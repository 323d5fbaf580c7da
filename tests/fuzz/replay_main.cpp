// A libFuzzer target's inputs replayed without libFuzzer: the main build (g++, and the sanitizer
// builds of scripts/test-sanitizers) links each fuzz/fuzz_<name>.cpp with this driver, so the quick
// tier replays the seeds and the crashes found so far without the clang build of fuzz/run.
// Usage as libFuzzer's: options (arguments starting with '-', such as -runs=1) are ignored, every
// other argument is an input file. Exit 0 when every input ran; the target aborts on a finding.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
    int replayed = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string path = argv[i];
        if (path.empty() || path[0] == '-') continue;
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "%s: cannot read the input\n", path.c_str());
            return 2;
        }
        const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
        ++replayed;
    }
    std::printf("replayed %d input(s)\n", replayed);
    return 0;
}
