#!/usr/bin/env python3
"""Checks one place's grading in the cgroup-v2 guest (tests/vm/guest-judge-places.sh) and prints
one line per check: PLACE <tab> CHECK <tab> PASS|FAIL <tab> what was seen.

    check_places.py PLACE OUT_DIR JUDGE_STATUS PIDS_SAMPLES LEFT_GROUPS LEFT_PROCESSES

The contest is test_judge_cgroup_v2.sh's: the plain problems `sum` (time limit 4 s, memory 64 MiB)
and `mem` (30 s, 64 MiB), and five ready binaries (tests/vm/programs): a-good, c-spinners, d-bomb
and e-innocent for `sum`, b-hog for `mem`.
"""
import json
import os
import sys

TIME_LIMIT_S = 4.0  # of `sum`
# The whole tree's CPU: the limit plus 10 %, plus what software emulation adds. Under TCG on a
# shared host the guest's clock advances in coarse steps, so the runner's stop lands up to half a
# second of guest CPU late (0.53 s measured at host load 22); the check still tells a tree-wide stop
# from none, which would let the two spinners take twice the limit.
TCG_STOP_LATENCY_S = 1.0
CPU_ALLOWED_S = TIME_LIMIT_S * 1.1 + TCG_STOP_LATENCY_S
PROCESS_LIMIT = 64  # the judge's default per run (judge/src/grading/grader.cpp)


def main():
    place, out, status, samples, left_groups, left_procs = sys.argv[1:7]
    lines = []

    def check(name, ok, seen):
        lines.append(f"{place}\t{name}\t{'PASS' if ok else 'FAIL'}\t{seen}")

    check("judge exits 0", status == "0", f"exit {status}")
    results, journal = load(out)
    verdicts = {}
    for c in results.get("contestants", []):
        for p in c.get("problems", []):
            if p.get("status") != "missing":
                verdicts[c["name"]] = p.get("tests", []), p.get("status")

    def tests_of(who):
        tests, problem_status = verdicts.get(who, ([], "absent"))
        seen = ", ".join(f"{t['verdict']} cpu {t['cpu_s']} s peak {t['peak_kib']} KiB ({t['reason']})" for t in tests)
        return tests, seen or f"no tests ({problem_status})"

    tests, seen = tests_of("a-good")
    check("good program AC", bool(tests) and all(t["verdict"] == "AC" for t in tests), seen)
    tests, seen = tests_of("b-hog")
    check("512 MB hog MLE under 64 MiB", bool(tests) and all(t["verdict"] == "MLE" for t in tests), seen)
    tests, seen = tests_of("c-spinners")
    check(f"two spinners TLE, CPU <= {CPU_ALLOWED_S:.1f} s",
          bool(tests) and all(t["verdict"] == "TLE" and t["cpu_s"] <= CPU_ALLOWED_S for t in tests), seen)

    tests, seen = tests_of("d-bomb")
    peaks = pids_peaks(samples)
    most = max((current for _, current in peaks), default=0)
    over = [f"{c}/{m}" for m, c in peaks if m is not None and c > m]
    limited = [c for m, c in peaks if m == PROCESS_LIMIT]
    # The sampler (a find every 50 ms, slow under TCG) may miss the bomb's group while it is full, so
    # what it saw is reported, and only a group over its limit fails the check.
    contained = bool(tests) and all(t["verdict"] in ("TLE", "RE", "MLE") for t in tests) and not over
    check("fork bomb stopped, no group over pids.max", contained,
          f"{seen}; most processes in a sandbox group {most}, in one limited to {PROCESS_LIMIT}: "
          f"{max(limited, default=0)}" + (f"; over the limit: {over}" if over else ""))
    tests, seen = tests_of("e-innocent")
    check("innocent run beside it AC", bool(tests) and all(t["verdict"] == "AC" for t in tests), seen)

    sandbox = results.get("sandbox", {})
    run_states = sorted({(j.get("sandbox") or {}).get("cgroups", "none") for j in journal})
    check("every run's protections: cgroups v2",
          sandbox.get("cgroups") == "v2" and sandbox.get("from") == "runs" and run_states == ["v2"],
          f"results.json: {results.get('protections', 'absent')!r}; runs: {', '.join(run_states) or 'none'}")
    check("no sudoku-sandbox group or process left", not left_groups.strip() and not left_procs.strip(),
          f"groups: {left_groups.strip() or 'none'}; processes: {left_procs.strip() or 'none'}")
    print("\n".join(lines))


def load(out):
    try:
        with open(os.path.join(out, "results.json")) as f:
            results = json.load(f)
    except (OSError, ValueError):
        results = {}
    journal = []
    try:
        with open(os.path.join(out, "journal.jsonl")) as f:
            for line in f:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if "test" in record:
                    journal.append(record["test"])
    except OSError:
        pass
    return results, journal


def pids_peaks(samples):
    """(pids.max or None for 'max', pids.current) of each sample line."""
    peaks = []
    try:
        with open(samples) as f:
            for line in f:
                parts = line.split()
                if len(parts) != 2 or not parts[1].isdigit():
                    continue
                peaks.append((int(parts[0]) if parts[0].isdigit() else None, int(parts[1])))
    except OSError:
        pass
    return peaks


if __name__ == "__main__":
    main()
