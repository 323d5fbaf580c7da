#!/usr/bin/env bash
# A one-node Slurm cluster in a folder, for tests: munged, slurmctld and slurmd from Debian's packages
# (scripts/install-deps --test), their configuration, state, sockets and logs all under DIR, on free ports.
#
#   source tests/scaleout/slurm-cluster.sh
#   slurm_cluster_start DIR [CPUS]   # exports SLURM_CONF; exits 77 with the reason when it cannot run here
#   sbatch ...; squeue ...
#   slurm_cluster_stop               # stops the three daemons by their pids (call it from an EXIT trap)
#
# The node has CPUS CPUs (default 2) whatever the machine has, so that a job of 2 CPUs runs alone
# on any machine and its timings do not depend on how many others run beside it.
#
# Nothing outside DIR is written and no daemon outside it is touched: another cluster (the host's,
# another test's) keeps running.

slurm_cluster_dir=""

# A TCP port nothing listens on, from a range chosen by the pid (two tests at once differ).
slurm_free_port() {
  local port=$(( 20000 + ($$ * 7 + $1 * 131 + RANDOM) % 30000 ))
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

slurm_cluster_skip_unless_possible() {
  [ "$(id -u)" = 0 ] || { echo "skipped: a Slurm cluster needs root (slurmd runs jobs as their users)"; exit 77; }
  local tool
  for tool in munged slurmctld slurmd sbatch squeue scancel scontrol; do
    command -v "$tool" >/dev/null || PATH="$PATH:/usr/sbin"
    command -v "$tool" >/dev/null || {
      echo "skipped: $tool is missing (Debian packages munge slurm-wlm slurmctld slurmd: scripts/install-deps --test)"
      exit 77
    }
  done
}

# Waits up to $2 seconds for the command $1 to succeed.
slurm_wait_for() {
  local deadline=$((SECONDS + $2))
  until eval "$1" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.5
  done
}

slurm_cluster_start() {
  slurm_cluster_skip_unless_possible
  local dir="$1" cpus="${2:-2}"
  slurm_cluster_dir="$dir"
  mkdir -p "$dir"/{munge,state,spool,log}
  chmod 700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" ||
    { echo "munged did not start:"; cat "$dir/log/munged.log"; return 1; }
  cat > "$dir/slurm.conf" <<CONF
ClusterName=sudoku$$
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$(slurm_free_port 1)
SlurmdPort=$(slurm_free_port 2)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SlurmdParameters=config_overrides
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=sudoku-node NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=$cpus RealMemory=16384 State=UNKNOWN
PartitionName=test Nodes=sudoku-node Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -i -f "$SLURM_CONF" || { echo "slurmctld did not start:"; cat "$dir/log/slurmctld.log"; return 1; }
  slurmd -N sudoku-node -f "$SLURM_CONF" || { echo "slurmd did not start:"; cat "$dir/log/slurmd.log"; return 1; }
  slurm_wait_for "sinfo -h -N -o %T | grep -qE '^(idle|mixed|allocated)'" 60 || {
    echo "the node did not come up:"; sinfo -N; tail -20 "$dir"/log/*.log; return 1
  }
}

slurm_stop_pid_file() {
  local file="$1" pid
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null || true
}

slurm_cluster_stop() {
  local dir="$slurm_cluster_dir"
  [ -n "$dir" ] || return 0
  slurm_cluster_dir=""
  # Jobs first, and their steps gone (slurmstepd ends with its job), then the daemons, each by the
  # pid it wrote under DIR.
  if [ -s "$dir/slurmctld.pid" ]; then
    scancel --quiet --user=root 2>/dev/null || true
    slurm_wait_for '[ -z "$(squeue -h 2>/dev/null)" ]' 20 || true
  fi
  slurm_stop_pid_file "$dir/slurmd.pid"
  slurm_stop_pid_file "$dir/slurmctld.pid"
  slurm_stop_pid_file "$dir/munge/munged.pid"
}

# Whether job $1 (not an array) has ended, as the controller says.
slurm_job_ended() {
  scontrol show job "$1" 2>/dev/null |
    grep -qE 'JobState=(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|DEADLINE|PREEMPTED)'
}
