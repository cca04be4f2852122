#!/bin/sh
# Install what `make fuzz-lang` needs: clang and its compiler-rt (libFuzzer,
# ASan and UBSan runtimes). Idempotent: does nothing when everything is
# present. Debian 12 ships clang 14; the runtimes are in libclang-rt-14-dev.
set -e
missing=""
command -v clang >/dev/null 2>&1 || missing="$missing clang"
# The runtime package follows clang's major version (libclang-rt-N-dev).
ver=""
if command -v clang >/dev/null 2>&1; then
  ver=$(clang --version | sed -n 's/.*clang version \([0-9][0-9]*\)\..*/\1/p' | head -1)
fi
if [ -n "$ver" ]; then
  rt="libclang-rt-$ver-dev"
  # Older clangs (before 14) have the runtimes in libclang-common-N-dev.
  if ! dpkg-query -W -f='${Status}' "$rt" 2>/dev/null | grep -q "install ok installed"; then
    if [ "$ver" -lt 14 ] 2>/dev/null; then rt="libclang-common-$ver-dev"; fi
    dpkg-query -W -f='${Status}' "$rt" 2>/dev/null | grep -q "install ok installed" ||
      missing="$missing $rt"
  fi
else
  missing="$missing libclang-rt-dev"
fi
for p in make libc6-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "scripts/deps-fuzz.sh: missing Debian packages:$missing" >&2
  echo "run as root (or: sudo apt-get install$missing)" >&2
  exit 1
fi
echo "scripts/deps-fuzz.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
