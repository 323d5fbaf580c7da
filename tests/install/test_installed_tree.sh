#!/usr/bin/env bash
# The toolkit as installed, with nothing of the source or build folder (tests/install/CMakeLists.txt):
#
#   1. cmake --install BUILD --prefix P (a fresh temporary P);
#   2. the example contest copied out of P/share/sudoku/examples, its test data built and every
#      contestant graded by P/bin alone: as root inside a mount namespace where the source and
#      build folders are empty tmpfs mounts (so a path compiled in could not be read);
#   3. the same copy graded by the build tree's judge: every test's verdict equal (but a TLE near the limit);
#   4. P/bin/sudoku-judge doctor (its protections line is the grading's), --version (the
#      results' judge_version), the manual pages;
#   5. as root with dpkg: the .deb (cpack -G DEB), lintian's errors none, and the package installed
#      by apt into a clean Debian 12 chroot (mmdebstrap) where --version, doctor and a solve work.
#      A part the machine cannot do is skipped with the reason (exit 77 when nothing could run).
set -euo pipefail
build="$(cd "$1" && pwd)"
source="$(cd "$2" && pwd)"
work="$(mktemp -d /tmp/sudoku-install-test.XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
skipped=()

prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
for f in bin/sudoku-solve bin/sudoku-gen bin/sudoku-judge libexec/sudoku/sudoku-sandbox \
  share/man/man1/sudoku-judge.1.gz share/doc/sudoku-contest-toolkit/README.md \
  share/sudoku/examples/contest/contest.yaml share/sudoku/scale-out/slurm-array.sh; do
  [ -e "$prefix/$f" ] || fail "the install has no $f"
done

# The example, copied out of the installed share/ (as a user would), graded by the prefix alone.
contest="$work/contest"
cp -r "$prefix/share/sudoku/examples/contest" "$contest"
grade_from_prefix='
  set -e
  for config in "$CONTEST"/configs/*.yaml; do "$PREFIX/bin/sudoku-gen" build "$config" --out "$CONTEST/testdata" 2>/dev/null; done
  status=0; "$PREFIX/bin/sudoku-judge" grade "$CONTEST/contest.yaml" --out "$CONTEST/installed-out" --fresh >"$CONTEST/installed.log" 2>&1 || status=$?
  [ $status -eq 0 ] || { cat "$CONTEST/installed.log"; exit $status; }'
export PREFIX="$prefix" CONTEST="$contest"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
  # The source and build folders hidden: whatever the installed programs read must be in P.
  unshare --mount --propagation private bash -c "mount -t tmpfs none '$source' && { [ -d '$build' ] && mount -t tmpfs none '$build' || true; } && $grade_from_prefix" ||
    fail "grading from the prefix with the source and build folders hidden"
else
  skipped+=("the source and build folders were not hidden (needs root and unshare)")
  bash -c "$grade_from_prefix" || fail "grading from the prefix"
fi

"$build/judge/sudoku-judge" grade "$contest/contest.yaml" --out "$contest/build-out" --fresh >"$work/build.log" 2>&1 ||
  { cat "$work/build.log"; fail "grading with the build tree's judge"; }
# Each test's verdict, one line a test. A verdict that only the clock decides (TLE against another,
# with the run near its limit in either tree) may differ on a busy machine; anything else may not.
verdicts() {
  python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))
for c in r["contestants"]:
    for p in c["problems"]:
        print(c["name"], p["problem"], p["status"], "-", "-", "-")
        for t in p["tests"]:
            print(c["name"], p["problem"], t["test"], t["verdict"], t["cpu_s"], t["wall_s"])' "$1"
}
verdicts "$contest/installed-out/results.json" >"$work/installed.scores"
verdicts "$contest/build-out/results.json" >"$work/build.scores"
[ -s "$work/installed.scores" ] || fail "no contestant in the installed tree's results"
python3 - "$work/build.scores" "$work/installed.scores" "$contest/build-out/results.json" <<'PY' || fail "the installed tree's verdicts differ from the build tree's"
import json, sys
limits = {p["name"]: p.get("time_limit_s", 0) for p in json.load(open(sys.argv[3]))["problems"]}
rows = [[line.split() for line in open(f)] for f in sys.argv[1:3]]
if [r[:3] for r in rows[0]] != [r[:3] for r in rows[1]]:
    sys.exit("the two trees graded different tests")
def near_limit(row):
    limit = limits.get(row[1], 0)
    return row[4] != "-" and limit > 0 and (float(row[4]) >= 0.5 * limit or float(row[5]) >= limit)
bad = [(a, b) for a, b in zip(*rows) if a[3] != b[3] and
       not ("TLE" in (a[3], b[3]) and (near_limit(a) or near_limit(b)))]
for a, b in bad:
    print("build tree:", " ".join(a), "| installed:", " ".join(b))
sys.exit(1 if bad else 0)
PY

# doctor from the prefix: a report (exit 0, or 4 when a protection is missing), and the protections grading had.
doctor_status=0
"$prefix/bin/sudoku-judge" doctor "$contest/contest.yaml" --json >"$work/doctor.json" || doctor_status=$?
[ $doctor_status = 0 ] || [ $doctor_status = 4 ] || fail "doctor exited $doctor_status"
python3 - "$work/doctor.json" "$contest/installed-out/results.json" "$doctor_status" <<'PY' || fail "doctor's report"
import json, sys
doctor, results, status = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
names = {i["name"] for i in doctor["items"]}
for needed in ["root", "namespaces", "cgroups", "seccomp", "swap", "huge pages", "SMT siblings", "load", "disk", "compiler cpp"]:
    assert needed in names, f"doctor has no {needed} item"
assert (status == 0) == doctor["every_protection"], "doctor's exit status and its every_protection disagree"
assert doctor["protections"] == results["protections"], (doctor["protections"], results["protections"])
PY
version="$("$prefix/bin/sudoku-judge" --version)"
[ "$version" = "sudoku-judge $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["judge_version"])' "$contest/installed-out/results.json")" ] ||
  fail "--version '$version' is not the results' judge_version"
zcat "$prefix/share/man/man1/sudoku-judge.1.gz" | grep -q '^\.B doctor$' || fail "the manual page has no doctor command"

# The Debian package: built from the same install rules, and installed on a clean Debian 12.
if [ "$(id -u)" != 0 ] || ! command -v dpkg-deb >/dev/null || ! command -v dpkg-shlibdeps >/dev/null; then
  skipped+=("the .deb: needs root, dpkg-deb and dpkg-shlibdeps")
else
  (cd "$work" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/deb" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log"; fail "cpack -G DEB"; }
  deb="$(ls "$work"/deb/sudoku-contest-toolkit_*.deb)"
  dpkg-deb --field "$deb" Depends | grep -q libseccomp || fail "the package's Depends lack libseccomp (dpkg-shlibdeps)"
  if command -v lintian >/dev/null; then
    lintian --fail-on error "$deb" >"$work/lintian.log" 2>&1 || { cat "$work/lintian.log"; fail "lintian reports errors"; }
  else
    skipped+=("lintian: not installed (scripts/install-deps --test)")
  fi
  if ! command -v mmdebstrap >/dev/null; then
    skipped+=("the clean Debian 12 chroot: no mmdebstrap (scripts/install-deps --test)")
  elif ! timeout 20 bash -c 'exec 3<>/dev/tcp/deb.debian.org/80' 2>/dev/null; then
    skipped+=("the clean Debian 12 chroot: deb.debian.org is not reachable")
  else
    cp "$deb" "$work/chroot-package.deb"
    mmdebstrap --variant=apt --include=ca-certificates \
      --customize-hook="copy-in $work/chroot-package.deb /tmp" \
      --customize-hook='chroot "$1" apt-get install -y --no-install-recommends /tmp/chroot-package.deb' \
      --customize-hook='chroot "$1" sudoku-judge --version' \
      --customize-hook='chroot "$1" sh -c "sudoku-solve --problem target /usr/share/sudoku/examples/samples/target-1.in | grep -qx 2829"' \
      --customize-hook='chroot "$1" sh -c "sudoku-judge doctor; s=\$?; test \$s = 0 || test \$s = 4"' \
      --customize-hook='chroot "$1" sh -c "man -w sudoku-judge || test -f /usr/share/man/man1/sudoku-judge.1.gz"' \
      bookworm "$work/chroot.tar" >"$work/mmdebstrap.log" 2>&1 || { tail -40 "$work/mmdebstrap.log"; fail "the .deb in a clean Debian 12 chroot"; }
  fi
fi
for why in "${skipped[@]}"; do echo "skipped: $why"; done
echo "installed tree: the example's verdicts equal the build tree's ($(wc -l <"$work/installed.scores") lines)"
