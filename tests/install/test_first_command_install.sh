#!/usr/bin/env bash
# The README's first command, then `cmake --install` from its build: scripts/build exactly as a
# newcomer runs it, into the source's build/ (scripts/test runs this right after its own
# scripts/build, before the suite is added to that folder, so this only checks it is up to date),
# and the install into a fresh prefix must find everything its rules name (the manual pages and
# the changelog are made by the build too).
#   test_first_command_install.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source="$(cd "$1" && pwd)"
work="$2"
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work/prefix"
mkdir -p "$work"
"$source/scripts/build" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "scripts/build"; }
cmake --install "$source/build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "cmake --install after scripts/build"; }
for f in bin/sudoku-solve bin/sudoku-gen bin/sudoku-judge libexec/sudoku/sudoku-sandbox \
  share/doc/sudoku-contest-toolkit/README.md share/sudoku/examples/contest/contest.yaml; do
  [ -e "$work/prefix/$f" ] || fail "the install has no $f"
done
for program in sudoku-solve sudoku-gen sudoku-judge; do
  ls "$work/prefix/share/man/man1/$program.1"* >/dev/null 2>&1 || fail "the install has no manual page of $program"
  "$work/prefix/bin/$program" --version >/dev/null || fail "$program --version from the prefix"
done
echo "scripts/build, then cmake --install: $(find "$work/prefix" -type f | wc -l) files installed"
