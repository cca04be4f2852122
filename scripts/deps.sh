#!/bin/sh
# Install the Debian packages the project builds and tests with.
# Idempotent: does nothing when everything is present.
set -e
# The references the box's commands are compared with (tests/cmds "gnu"
# cases): Debian's own tools where the base system lacks them.
REFS="jq bc dc zip unzip bzip2 xz-utils zstd file tree gawk patch bsdextrautils xxd procps"
# C to wasm32-wasi (tests/e2e/box_wasi.sh builds its fixtures at test time):
# Debian's clang, wasm-ld, wasi-libc and compiler-rt for wasm32 (and
# llvm-objcopy, which marks a module with a custom section).
WASI="clang-14 lld-14 llvm-14 wasi-libc libclang-rt-14-dev-wasm32"
# the box's python3 (make python, scripts/cpython-wasi.sh): Debian's
# python3.11 is the build Python and the reference of the python tests;
# dpkg-dev unpacks the source packages, tcl makes sqlite's amalgamation
PY="python3.11 dpkg-dev tcl"
# the interactive terminal tests (tests/e2e/box_tty.sh) drive acs box in tmux
TOOLS="tmux"
# the browser test of `agent-code-sandbox web` (bindings/node/test/web.test.mjs)
# drives Debian's headless Chromium through playwright-core
BROWSER="chromium"
PKGS="gcc make libc6-dev pkg-config libjavascriptcoregtk-4.1-dev libuv1-dev \
libcurl4-openssl-dev libssl-dev zlib1g-dev libarchive-dev libjansson-dev \
libcriterion-dev libseccomp-dev libbrotli-dev \
libpcre2-dev libjq-dev libmagic-dev libbz2-dev liblzma-dev libzstd-dev \
$REFS $WASI $PY $TOOLS $BROWSER"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# The tests compare against Node (a Node 22 binary comes from npm); any
# node and npm on PATH will do for that, Debian's if there are none.
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "scripts/deps.sh: missing Debian packages:$missing" >&2
  echo "run as root (or: sudo apt-get install$missing)" >&2
  exit 1
fi
echo "scripts/deps.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
