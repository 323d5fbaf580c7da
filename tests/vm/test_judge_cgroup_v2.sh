#!/usr/bin/env bash
# The judge on a cgroup-v2-only machine, in a qemu guest (tests/vm/vm-run.sh): one plain problem
# graded from the root cgroup, a login session's scope, a delegated scope, a container's cgroup
# namespace, and by a user who is not root in its delegated subtree. In every place: the good
# program AC, a 512 MB hog MLE under 64 MiB, two forked spinners TLE at no more than the time
# limit + 10 % of CPU, a fork bomb held by its pids limit with an innocent run beside it AC, every
# run's protections `cgroups v2`, and nothing of the sandbox left after the judge exits.
#
#   tests/vm/test_judge_cgroup_v2.sh BUILD_DIR SOURCE_DIR [PLACE...]
#
# Prints a table per place and check; exit 0 all pass, 1 a check failed, 77 no qemu, kernel or
# static busybox here (scripts/install-deps installs them) or no static C compiler.
set -euo pipefail
build="$(cd "$1" && pwd)"
source_dir="$(cd "$2" && pwd)"
shift 2
here="$source_dir/tests/vm"
"$here/vm-run.sh" --check || exit $?
for binary in judge/sudoku-judge judge/sudoku-sandbox; do
  [ -x "$build/$binary" ] || { echo "no $build/$binary: build it first"; exit 1; }
done

# The contest, in the build folder (the guest sees it at the same path): ready static binaries,
# so that nothing is compiled under TCG.
work="$build/vm-cgroup-v2"
rm -rf "$work"
mkdir -p "$work/contest/problems/sum" "$work/contest/problems/mem" "$work/out"
contest="$work/contest"
printf 'name: cgroup v2 places\ncontestants: contestants\nproblems:\n  - folder: problems/sum\n  - folder: problems/mem\njobs: 2\n' \
  >"$contest/contest.yaml"
# `sum`: the time-limit and process checks. `mem`: the hog alone, under a time limit long enough for
# TCG to touch 88 MiB (the hard memory limit), at ~10 MB per CPU second on a busy machine.
printf 'title: Sum\ntime_limit: 4\nmemory_limit: 64\n' >"$contest/problems/sum/problem.yaml"
printf 'title: Memory\ntime_limit: 30\nmemory_limit: 64\n' >"$contest/problems/mem/problem.yaml"
for problem in sum mem; do
  printf '2 3\n' >"$contest/problems/$problem/1.in"
  printf '5\n' >"$contest/problems/$problem/1.ans"
done
for entry in a-good:sum b-hog:mem c-spinners:sum d-bomb:sum e-innocent:sum; do
  who="${entry%:*}" problem="${entry#*:}"
  mkdir -p "$contest/contestants/$who"
  if ! cc -static -O2 -o "$contest/contestants/$who/$problem" "$here/programs/${who#*-}.c" 2>"$work/cc.log"; then
    cat "$work/cc.log"
    echo "skipped: cannot link a static C program (cc -static: Debian's libc6-dev)"
    exit 77
  fi
done

status=0
"$here/vm-run.sh" --timeout 900 "$work/out" "$here/guest-judge-places.sh" "$build" "$contest" "$@" || status=$?
[ -s "$work/out/places.tsv" ] || { echo "FAILED: the guest wrote no results (vm-run.sh exit $status)"; exit 1; }
echo
echo "place      check                                         result"
awk -F'\t' '{ printf "%-10s %-45s %s\n", $1, $2, $3 }' "$work/out/places.tsv"
failed="$(awk -F'\t' '$3 != "PASS"' "$work/out/places.tsv")"
if [ -n "$failed" ]; then
  echo
  echo "FAILED checks (what was seen):"
  awk -F'\t' '$3 != "PASS" { printf "%s / %s: %s\n", $1, $2, $4 }' "$work/out/places.tsv"
  exit 1
fi
echo "all checks passed"
