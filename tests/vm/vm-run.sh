#!/usr/bin/env bash
# Boots a throwaway cgroup-v2-only Linux guest under qemu (TCG: no KVM needed) and runs one bash
# script in it. The guest sees this machine's whole `/` read-only over virtio-9p, with a tmpfs
# overlay on top (so the built binaries, libraries and compilers are there and writable without
# touching the host), and only cgroup2 at /sys/fs/cgroup, every controller enabled at its root
# (v1 is switched off in the kernel: `cgroup_no_v1=all`), as current distributions and container
# hosts run. The script's stdout and stderr come back on the serial console and in OUT_DIR/output,
# its exit status in OUT_DIR/status; then the guest powers off.
#
#   tests/vm/vm-run.sh [--mem MIB] [--cpus N] [--timeout S] OUT_DIR SCRIPT [ARGS...]
#   tests/vm/vm-run.sh --check        (only whether this machine can: 0, or 77 and the reason)
#   example: tests/vm/vm-run.sh build/vm-out tests/vm/guest-judge-places.sh build build/vm-cgroup-v2/contest
#
# OUT_DIR (created if missing) is shared read-write with the guest at /vm-out ($VM_OUT there).
# SCRIPT and its ARGS are read in the guest at the same paths as here. Exit status: the script's
# own; 77 when this machine has no qemu-system-x86_64, no kernel in /boot or no busybox-static
# (scripts/install-deps installs them); 1 when the guest did not report a status (boot failure,
# timeout: the console is in OUT_DIR/console.log); 2 usage.
set -euo pipefail

usage() { sed -n '10,12p' "$0" | sed 's/^# \{0,1\}//'; }
mem=2048 cpus=2 timeout_s=900 check_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --mem) mem="$2"; shift 2 ;;
    --cpus) cpus="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --check) check_only=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "vm-run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $check_only = 1 ] || [ $# -ge 2 ] || { usage >&2; exit 2; }

# What the guest needs from this machine; each missing piece is a skip, not a failure.
qemu="$(command -v qemu-system-x86_64 || true)"
[ -n "$qemu" ] || { echo "skipped: no qemu-system-x86_64 (Debian package qemu-system-x86)"; exit 77; }
kernel="$(ls -1 /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1 || true)"
[ -n "$kernel" ] && [ -r "$kernel" ] || { echo "skipped: no readable /boot/vmlinuz-* (Debian package linux-image-amd64)"; exit 77; }
kversion="${kernel#/boot/vmlinuz-}"
modules="/lib/modules/$kversion"
[ -f "$modules/modules.dep" ] || { echo "skipped: no $modules/modules.dep for $kernel"; exit 77; }
busybox=""
for candidate in /bin/busybox /usr/bin/busybox; do
  # ldd fails on a static executable: the initramfs has no libraries for a dynamic one.
  [ -x "$candidate" ] && ! ldd "$candidate" >/dev/null 2>&1 && busybox="$candidate" && break
done
[ -n "$busybox" ] || { echo "skipped: no static busybox (Debian package busybox-static)"; exit 77; }
[ $check_only = 0 ] || exit 0
out_dir="$1" script="$2"
shift 2
[ -f "$script" ] || { echo "vm-run.sh: no script $script" >&2; exit 2; }
# The guest keeps the host's /tmp (a clone and its build may live there) but has its own /run,
# /proc, /sys and /dev.
case "$script" in /run/* | /proc/* | /sys/* | /dev/*)
  echo "vm-run.sh: $script is under a folder the guest has its own of; put it elsewhere" >&2; exit 2 ;;
esac

mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"
script="$(cd "$(dirname "$script")" && pwd)/$(basename "$script")"
rm -f "$out_dir/status" "$out_dir/output" "$out_dir/console.log"
work="$(mktemp -d "${TMPDIR:-/tmp}/sudoku-vm-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The initramfs: busybox, the modules for virtio-9p and overlayfs (those that are modules in this
# kernel, dependencies first), and an /init that mounts the host's root and switches to it.
initramfs="$work/initramfs"
mkdir -p "$initramfs"/{bin,dev,proc,sys,modules,host,upper,newroot}
cp "$busybox" "$initramfs/bin/busybox"
declare -A loaded=()
module_order=()
add_module() {  # $1: a path relative to $modules as modules.dep names it
  [ -n "${loaded[$1]:-}" ] && return
  loaded[$1]=1
  local deps
  deps="$(grep -E "^$1:" "$modules/modules.dep" | cut -d: -f2 || true)"
  for dep in $deps; do add_module "$dep"; done
  module_order+=("$1")
}
for wanted in virtio_pci 9pnet_virtio 9p overlay; do
  path="$(grep -oE "^[^:]*/$wanted\.ko(\.[a-z]+)?:" "$modules/modules.dep" | head -n 1 | tr -d : || true)"
  [ -n "$path" ] && add_module "$path"  # absent: built into the kernel
done
: >"$initramfs/modules/order"
for path in "${module_order[@]}"; do
  name="$(basename "$path")"
  case "$name" in
    *.ko) cp "$modules/$path" "$initramfs/modules/$name" ;;
    *.ko.xz) xz -dc "$modules/$path" >"$initramfs/modules/${name%.xz}" ;;
    *.ko.zst) zstd -qdc "$modules/$path" >"$initramfs/modules/${name%.zst}" ;;
    *.ko.gz) gzip -dc "$modules/$path" >"$initramfs/modules/${name%.gz}" ;;
  esac
  echo "${name%.ko*}.ko" >>"$initramfs/modules/order"
done

cat >"$initramfs/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
echo "vm-init: kernel up after $(cut -d' ' -f1 /proc/uptime) s"
for m in $(cat /modules/order); do insmod /modules/$m 2>/dev/null; done
fail() { echo "vm-init: $*"; echo o >/proc/sysrq-trigger; sleep 60; }
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /host || fail "mount the host's root"
mount -t tmpfs -o mode=755 upper /upper && mkdir /upper/data /upper/work
if ! mount -t overlay overlay -o lowerdir=/host,upperdir=/upper/data,workdir=/upper/work /newroot; then
  echo "vm-init: no overlay over 9p here; the host's root read-only, tmpfs on /tmp (a clone under /tmp is not seen)"
  mount --bind /host /newroot
fi
mkdir -p /newroot/vm-out 2>/dev/null
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 vmout /newroot/vm-out || fail "mount the output folder"
for d in proc sys dev; do mount --move /$d /newroot/$d; done
exec switch_root /newroot /bin/bash /vm-out/.vm-stage2
EOF
chmod +x "$initramfs/init"

# Stage 2 runs as pid 1 in the host's root: the guest's own /proc, /sys, /dev, /tmp, cgroup2 only.
{
  printf 'VM_OUT=/vm-out\nexport VM_OUT\nVM_COMMAND=('
  printf '%q ' "$script" "$@"
  printf ')\n'
  cat <<'EOF'
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C
mount -t cgroup2 -o nsdelegate cgroup2 /sys/fs/cgroup
for c in $(cat /sys/fs/cgroup/cgroup.controllers); do echo "+$c" >/sys/fs/cgroup/cgroup.subtree_control; done
# Over the overlay the host's /tmp stays visible (a clone and its build may live there), its
# writes going to the guest's memory; over a read-only root the guest needs a /tmp of its own.
touch /.vm-writable 2>/dev/null || mount -t tmpfs -o mode=1777 tmpfs /tmp
mount -t tmpfs -o mode=755 tmpfs /run
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts && mount -t tmpfs tmpfs /dev/shm
ip link set lo up 2>/dev/null || true
hostname sudoku-vm
cd /tmp
echo "vm-stage2: running ${VM_COMMAND[0]} after $(cut -d' ' -f1 /proc/uptime) s" >/dev/console
bash "${VM_COMMAND[@]}" </dev/null 2>&1 | tee /vm-out/output >/dev/console
echo "${PIPESTATUS[0]}" >/vm-out/status
sync
echo o >/proc/sysrq-trigger
sleep 60
EOF
} >"$out_dir/.vm-stage2"

(cd "$initramfs" && find . | cpio -o -H newc --quiet) | gzip -1 >"$work/initramfs.gz"

status=0
timeout --kill-after=10 "$timeout_s" "$qemu" \
  -accel tcg,thread=multi -cpu max -smp "$cpus" -m "$mem" \
  -display none -monitor none -serial stdio -no-reboot -nic none \
  -kernel "$kernel" -initrd "$work/initramfs.gz" \
  -append "console=ttyS0 loglevel=3 panic=-1 no_timer_check rdinit=/init cgroup_no_v1=all systemd.unified_cgroup_hierarchy=1" \
  -fsdev local,id=hostroot,path=/,security_model=none,readonly=on,multidevs=remap \
  -device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot \
  -fsdev local,id=vmout,path="$out_dir",security_model=passthrough \
  -device virtio-9p-pci,fsdev=vmout,mount_tag=vmout \
  </dev/null 2>&1 | tee "$out_dir/console.log" | sed -u -e 's/\r$//' -e '/^\s*$/d' || status=$?
rm -f "$out_dir/.vm-stage2"
if [ ! -s "$out_dir/status" ]; then
  echo "vm-run.sh: the guest reported no status (qemu/timeout status $status); console: $out_dir/console.log" >&2
  exit 1
fi
exit "$(cat "$out_dir/status")"
