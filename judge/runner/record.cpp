// The result record's writer (see record.hpp; the contract is docs/judge.md, "The result record").
#include "record.hpp"

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "sudoku/common/exit_status.hpp"

namespace sudoku_sandbox {

namespace key = sudoku::judge::record_key;
using sudoku::judge::to_string;

std::string format_record(const Options& o, const Record& r) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(3);
    auto line = [&](std::string_view k, const auto& value) { out << k << ": " << value << "\n"; };
    line(key::cpu, r.cpu);
    line(key::wall, r.wall);
    line(key::waited, r.waited);
    line(key::peak_kib, r.peak_kib);
    if (r.signal)
        line(key::signal, r.signal);
    else
        line(key::exit_code, r.exit_code);
    line(key::killed_by, to_string(r.killed_by));
    line(key::oom, r.oom ? 1 : 0);
    line(key::cgroups, to_string(r.cgroups));
    line(key::namespaces, to_string(r.namespaces));
    line(key::uid, getuid() == 0 ? o.uid : static_cast<int>(getuid()));
    line(key::core, r.error.empty() ? o.core : -1);
    if (!r.error.empty()) {
        std::string error = r.error;
        for (char& c : error)
            if (c == '\n') c = ' ';
        line(key::error, error);
    }
    return out.str();
}

int write_record(const Options& o, const Record& r) {
    const std::string text = format_record(o, r);
    if (o.meta.empty()) {
        std::cout << text << std::flush;
        return sudoku::exit_done;
    }
    std::ofstream f(o.meta);
    f << text;
    if (!f) {
        std::cerr << "sudoku-sandbox: cannot write " << o.meta << "\n";
        return sudoku::exit_internal_error;
    }
    return sudoku::exit_done;
}

}  // namespace sudoku_sandbox
