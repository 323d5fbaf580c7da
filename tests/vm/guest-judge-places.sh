#!/usr/bin/env bash
# Runs in the cgroup-v2-only guest of tests/vm/vm-run.sh (as its root, pid 1's child): grades one
# plain problem from each place a judge is started from on a cgroup v2 machine and writes one line
# per place and check to $VM_OUT/places.tsv: PLACE <tab> CHECK <tab> PASS|FAIL <tab> what was seen.
#
#   guest-judge-places.sh BUILD_DIR CONTEST_DIR [PLACE...]
#
# Places: root (a dedicated judging machine: the root cgroup), session (a login session's scope,
# the shell beside the judge), scope (alone in a delegated scope, as `systemd-run --scope -p
# Delegate=yes` makes), container (a cgroup namespace rooted at a group holding only the judge, as
# a container runtime makes), rootless (a user who is not root, in the subtree systemd delegates
# to its user manager). CONTEST_DIR is made by test_judge_cgroup_v2.sh.
set -uo pipefail
build="$1" contest="$2"
shift 2
places=("$@")
[ ${#places[@]} -gt 0 ] || places=(root session scope container rootless)
here="$(cd "$(dirname "$0")" && pwd)"
judge="$build/judge/sudoku-judge"
cg=/sys/fs/cgroup
table="${VM_OUT:-/tmp}/places.tsv"
: >"$table"
rootless_uid=1000

enable_controllers() {  # the controllers systemd delegates, enabled in each given group
  for group in "$@"; do echo "+cpu +memory +pids" >"$cg/$group/cgroup.subtree_control" || return 1; done
}

# Each place runs "$@" (the judge's command) from where that place puts it.
in_root() { "$@"; }
in_session() {
  mkdir -p "$cg/user.slice/user-0.slice/session-1.scope" &&
    enable_controllers user.slice user.slice/user-0.slice || return 1
  # The login shell stays in the scope beside the judge it started.
  (echo "$BASHPID" >"$cg/user.slice/user-0.slice/session-1.scope/cgroup.procs" && "$@")
}
in_scope() {
  mkdir -p "$cg/system.slice/run-u1.scope" && enable_controllers system.slice || return 1
  bash -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$cg/system.slice/run-u1.scope" "$@"
}
in_container() {
  mkdir -p "$cg/system.slice/container-1.scope" && enable_controllers system.slice || return 1
  # Inside, the runtime mounts cgroup2 anew in the container's mount namespace: the judge sees its
  # group as the root of the hierarchy, and only the groups below it.
  bash -c 'echo $$ >"$0/cgroup.procs" &&
    exec unshare --cgroup --mount --propagation private bash -c "umount -l /sys/fs/cgroup &&
      mount -t cgroup2 cgroup2 /sys/fs/cgroup && exec \"\$@\"" - "$@"' \
    "$cg/system.slice/container-1.scope" "$@"
}
in_rootless() {
  local service="user.slice/user-$rootless_uid.slice/user@$rootless_uid.service"
  mkdir -p "$cg/$service/init.scope" && enable_controllers user.slice "user.slice/user-$rootless_uid.slice" || return 1
  # What systemd gives a user manager with Delegate=yes: the service's folder and its files.
  chown -R "$rootless_uid:$rootless_uid" "$cg/$service"
  # The user's shell starts in the delegated subtree and moves itself, as a user may, into a scope
  # of its own below it, controllers enabled on the way down.
  (echo "$BASHPID" >"$cg/$service/init.scope/cgroup.procs" &&
    exec setpriv --reuid "$rootless_uid" --regid "$rootless_uid" --clear-groups env HOME="$out" bash -c '
      service="$0"
      mkdir -p "$service/app.slice/judge.scope" &&
        echo "+cpu +memory +pids" >"$service/cgroup.subtree_control" &&
        echo "+cpu +memory +pids" >"$service/app.slice/cgroup.subtree_control" &&
        echo $$ >"$service/app.slice/judge.scope/cgroup.procs" && exec "$@"' "$cg/$service" "$@")
}

# Samples every sandbox group's pids.max and pids.current while the judge runs (a fork bomb's
# group must fill up to its limit and no further).
sample_pids() {
  while :; do
    find "$cg" -path '*sudoku-sandbox*' -name pids.current 2>/dev/null | while read -r f; do
      echo "$(cat "${f%current}max" 2>/dev/null) $(cat "$f" 2>/dev/null)"
    done
    sleep 0.05
  done
}

for place in "${places[@]}"; do
  out="/tmp/places/$place"
  mkdir -p "$out"
  owner=65534
  if [ "$place" = rootless ]; then
    chown "$rootless_uid:$rootless_uid" "$out"
    owner=$rootless_uid
  fi
  echo "== $place"
  sample_pids >"$out.pids" &
  sampler=$!
  start=$SECONDS
  # No `timeout` wrapped around the judge: it would sit in the judge's group (a scope or container
  # holding only the judge would then hold two processes). A judge that hangs powers the guest off.
  (sleep 600 && printf '%s\tjudge finished within 600 s\tFAIL\thung\n' "$place" >>"$table" &&
    echo o >/proc/sysrq-trigger) </dev/null >/dev/null 2>&1 &  # its sleep must not hold the output open
  watchdog=$!
  "in_$place" "$judge" grade "$contest/contest.yaml" --out "$out/grade" --jobs 2 >"$out.log" 2>&1
  status=$?
  kill "$watchdog" "$sampler"
  wait "$watchdog" 2>/dev/null
  wait "$sampler" 2>/dev/null
  sleep 0.2
  cat "$out.log"
  echo "judge exit $status after $((SECONDS - start)) s"
  left_groups="$(find "$cg" -type d -name 'sudoku-sandbox*' 2>/dev/null | tr '\n' ' ')"
  left_procs="$(ps -u "$owner" -o pid=,comm= 2>/dev/null | tr '\n' ' ')"
  python3 "$here/check_places.py" "$place" "$out/grade" "$status" "$out.pids" "$left_groups" "$left_procs" >>"$table"
done
cat "$table"
