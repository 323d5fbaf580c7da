#!/usr/bin/env bash
# scripts/install-deps on a machine that lacks packages: it must ask apt for exactly the missing
# ones. dpkg-query exits 1 when it has never heard of some of the names it is asked about (a
# fresh machine), and the script runs under `set -e -o pipefail`: that status must not end it
# before apt is called. dpkg-query and apt-get are stand-ins on PATH that record what they were asked.
set -euo pipefail
script="$1/scripts/install-deps"
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
cat > "$fake/dpkg-query" <<'FAKE'
#!/bin/sh
# Knows cmake and g++ as installed, nothing else; like dpkg-query, exits 1 for the unknown names.
echo "cmake install ok installed"
echo "g++ install ok installed"
echo "dpkg-query: no packages found matching libyaml-cpp-dev" >&2
exit 1
FAKE
cat > "$fake/apt-get" <<FAKE
#!/bin/sh
echo "\$*" >> "$fake/apt-calls"
FAKE
chmod +x "$fake/dpkg-query" "$fake/apt-get"
PATH="$fake:$PATH" "$script" > "$fake/out" 2>&1 || { echo "install-deps failed:"; cat "$fake/out"; exit 1; }
[ -f "$fake/apt-calls" ] || { echo "install-deps never called apt-get; it printed:"; cat "$fake/out"; exit 1; }
install_line=$(grep '^install ' "$fake/apt-calls")
for wanted in libyaml-cpp-dev libseccomp-dev nlohmann-json3-dev; do
    [[ " $install_line " == *" $wanted "* ]] || { echo "apt-get install lacks $wanted: $install_line"; exit 1; }
done
for present in cmake g++; do
    [[ " $install_line " != *" $present "* ]] || { echo "apt-get install asks for $present, already installed"; exit 1; }
done
# Everything installed: apt is not called at all.
cat > "$fake/dpkg-query" <<'FAKE'
#!/bin/sh
shift 2
for p in "$@"; do echo "$p install ok installed"; done
FAKE
rm -f "$fake/apt-calls"
PATH="$fake:$PATH" "$script" --test > "$fake/out" 2>&1 || { echo "install-deps --test failed:"; cat "$fake/out"; exit 1; }
[ ! -f "$fake/apt-calls" ] || { echo "apt-get called with nothing missing: $(cat "$fake/apt-calls")"; exit 1; }
echo "install-deps asks apt for the missing packages only, and not at all when none is missing"
