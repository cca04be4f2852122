#!/usr/bin/env bash
# bench/box/run.sh - the box's figures: boot, spawn, idle memory, a kernel
# round trip. Builds box_bench against this tree's libacs.a.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
# the benches link libacs themselves: their boxes find the slim zygote here
export ACS_ZYGOTE_BIN=${ACS_ZYGOTE_BIN:-$PWD/$BUILD/acs-zygote}
make --no-print-directory BUILD="$BUILD" "$BUILD/libacs.a" "$BUILD/acs-zygote" >/dev/null
LIBS=$(pkg-config --libs javascriptcoregtk-4.1 libuv jansson zlib libbrotlienc libbrotlidec libseccomp)
mkdir -p "$BUILD/bench"
cc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -Isrc -o "$BUILD/bench/box_bench" bench/box/box_bench.c \
  "$BUILD/libacs.a" $LIBS -lm -ldl
"$BUILD/bench/box_bench" "${N:-200}"
# a session's round trip (the real shell and commands)
cc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -Isrc -o "$BUILD/bench/session_bench" bench/box/session_bench.c \
  "$BUILD/libacs.a" $LIBS -lm -ldl -lpthread -larchive
"$BUILD/bench/session_bench" "${N:-200}"
