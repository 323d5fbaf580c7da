#!/usr/bin/env bash
# bench_judge (bench/bench_judge.cpp: per-run cost against a bare fork/exec/wait, accuracy,
# throughput) inside the cgroup-v2-only guest of tests/vm/vm-run.sh, from the root cgroup and from a
# login session's scope (user.slice/user-0.slice/session-1.scope, controllers delegated to its slice).
# TCG makes every figure slower than on the host; the ratios against the bare run in the same guest
# are what compare.
#
#   tests/vm/bench_judge_v2.sh BUILD_DIR [OUT_DIR]      (OUT_DIR default BUILD_DIR/vm-bench)
#
# Exit 77 when this machine cannot run the guest; 1 when bench_judge is not built or failed.
set -euo pipefail
build="$(cd "$1" && pwd)"
out="${2:-$build/vm-bench}"
here="$(cd "$(dirname "$0")" && pwd)"
"$here/vm-run.sh" --check || exit $?
[ -x "$build/bench/bench_judge" ] || { echo "no $build/bench/bench_judge: build it first"; exit 1; }
if [ -z "${VM_OUT:-}" ]; then  # on the host: boot the guest, which runs this script again
  exec "$here/vm-run.sh" --timeout 1500 "$out" "$here/bench_judge_v2.sh" "$build"
fi
# In the guest.
cg=/sys/fs/cgroup
echo "== bench_judge in the root cgroup"
"$build/bench/bench_judge"
echo "== bench_judge in a session scope"
mkdir -p "$cg/user.slice/user-0.slice/session-1.scope"
echo "+cpu +memory +pids" >"$cg/user.slice/cgroup.subtree_control"
echo "+cpu +memory +pids" >"$cg/user.slice/user-0.slice/cgroup.subtree_control"
(echo "$BASHPID" >"$cg/user.slice/user-0.slice/session-1.scope/cgroup.procs" && "$build/bench/bench_judge")
