#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

// A name or tag that matches no test case fails the run (exit 2, as `--warn NoTests` does) instead
// of passing with nothing run: ctest runs each case by its name, and a name its discovery mangled
// would otherwise count as a pass.
int main(int argc, char* argv[]) {
    Catch::Session session;
    auto& config = session.configData();
    config.warnings = static_cast<Catch::WarnAbout::What>(config.warnings | Catch::WarnAbout::NoTests);
    return session.run(argc, argv);
}
