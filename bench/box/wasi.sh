#!/usr/bin/env bash
# bench/box/wasi.sh - the WASI host's figures (issue 23): a hello-world
# module from spawn to exit in a running box (a shell loop of RUNS runs,
# next to the same loop running the box's native `true`, and the native
# hello on the host), the same module under Node's node:wasi (Node 22 from
# tests/.node22, else the host's node), and a C compute loop built for
# wasm32-wasi against the same C built natively (goal >= 0.8x native).
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS=$PWD/$BUILD/acs
RUNS=${RUNS:-50}
SRC=bench/box/wasi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
WCC="clang-14 --target=wasm32-wasi -O2"
for p in hello compute; do
  $WCC -c -o "$tmp/$p.o" "$SRC/$p.c"
  $WCC -Wl,--strip-debug -o "$tmp/$p.wasm" "$tmp/$p.o"
  cc -O2 -o "$tmp/$p" "$SRC/$p.c"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ms_per() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.2f", t / n / 1e6 }'; }

# in the box: RUNS spawns of each, timed by the box's date
loop='s=$(date +%s%N); for i in $(seq '"$RUNS"'); do ./hello.wasm >/dev/null; done; e=$(date +%s%N); echo $((e - s));
s=$(date +%s%N); for i in $(seq '"$RUNS"'); do true_bin >/dev/null; done; e=$(date +%s%N); echo $((e - s))'
read -r -d '' wasm_ns true_ns < <("$ACS" box --copy "$tmp/hello.wasm:/work/hello.wasm" -w /work \
  -c 'cp /usr/bin/true /usr/local/bin/true_bin; '"$loop" | tr '\n' ' '; printf '\0') || true
s=$(date +%s%N)
for _ in $(seq "$RUNS"); do "$tmp/hello" >/dev/null; done
e=$(date +%s%N)
native_ns=$((e - s))
NODE=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE" ] || NODE=$(command -v node)
: >"$tmp/node"
for _ in $(seq 10); do
  s=$(date +%s%N)
  "$NODE" --no-warnings "$SRC/node_wasi.mjs" "$tmp/hello.wasm" >/dev/null
  e=$(date +%s%N)
  echo $(((e - s) / 1000)) >>"$tmp/node"
done
echo "hello.wasm from spawn to exit (ms per run; $RUNS runs):"
echo "  in a running box (wasi host):     $(ms_per "$wasm_ns" "$RUNS")   (goal <= 3 ms)"
echo "  the box's native true, same loop: $(ms_per "$true_ns" "$RUNS")"
echo "  native hello on the host:         $(ms_per "$native_ns" "$RUNS")"
echo "  node:wasi ($("$NODE" --version)), whole process, median of 10: $(median <"$tmp/node" | awk '{ printf "%.1f", $1 / 1000 }')"

: >"$tmp/cw"
: >"$tmp/cn"
for _ in 1 2 3; do
  "$ACS" box --copy "$tmp/compute.wasm:/work/compute.wasm" -w /work -c ./compute.wasm >>"$tmp/cw"
  "$tmp/compute" >>"$tmp/cn"
done
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
cw=$(col 1 "$tmp/cw") cn=$(col 1 "$tmp/cn")
echo "compute (ms inside the program, median of 3): total / sieve / FNV loop / quicksort"
echo "  wasm in the box: $cw / $(col 2 "$tmp/cw") / $(col 3 "$tmp/cw") / $(col 4 "$tmp/cw")"
echo "  native:          $cn / $(col 2 "$tmp/cn") / $(col 3 "$tmp/cn") / $(col 4 "$tmp/cn")"
echo "  => wasm at $(awk -v w="$cw" -v n="$cn" 'BEGIN { printf "%.2f", n / w }')x native (goal >= 0.8x)"
