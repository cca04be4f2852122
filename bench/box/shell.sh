#!/usr/bin/env bash
# bench/box/shell.sh - the box's shell against the host's bash and dash,
# side by side in one run (issue 20's benchmarks). Each script is run
# REPEAT times (default 5) by each shell; the figure is the median, in ms.
# The box side is a whole `acs box` run (boot ~3 ms included); its ratio is
# bash's time over the box's (goal >= 1.0: as fast as bash or faster;
# moonshot: dash's).
#
#   loop      100 000 iterations of arithmetic, two string expansions and a
#             function call
#   fib20     a recursive fib 20 of shell functions, the result in a variable
#             (21 891 calls, no subshell)
#   fib14-cs  a recursive fib 14 whose calls are command substitutions
#             ($(fib ...): 1 219 subshells; a box process cannot fork, so each
#             is a spawned child shell)
#   true1000  1 000 external /usr/bin/true in a loop (goal: <= 1.5x bash's time)
#
# Then a warm box's `bash -c 'echo hi'` (a fresh shell per call, as exec()
# runs it; goal <= 1 ms p50), back to back and 5 ms apart, and a session's
# `echo hi`, from bench/box/session_bench.c's first three lines.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
# the benches link libacs themselves: their boxes find the slim zygote here
export ACS_ZYGOTE_BIN=${ACS_ZYGOTE_BIN:-$PWD/$BUILD/acs-zygote}
ACS="$PWD/$BUILD/acs"
REPEAT=${REPEAT:-5}
[ -x "$ACS" ] || make --no-print-directory "$ACS" >/dev/null
W=$(mktemp -d "${TMPDIR:-/tmp}/acs-shell-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT

cat > "$W/loop" <<'EOF'
f() { r=$(( $1 * 2 + 1 )); }
s=abcdefgh
i=0; sum=0
while [ $i -lt 100000 ]; do
  f $i
  t=${s#abc}; u=${t%gh}
  sum=$(( sum + r + ${#u} ))
  i=$(( i + 1 ))
done
echo $sum
EOF
cat > "$W/fib20" <<'EOF'
fib() {
  if [ $1 -lt 2 ]; then R=$1; return; fi
  local n=$1 a
  fib $(( n - 1 )); a=$R
  fib $(( n - 2 )); R=$(( a + R ))
}
fib 20; echo $R
EOF
cat > "$W/fib14-cs" <<'EOF'
fib() {
  if [ $1 -lt 2 ]; then echo $1; return; fi
  local a b
  a=$(fib $(( $1 - 1 )))
  b=$(fib $(( $1 - 2 )))
  echo $(( a + b ))
}
fib 14
EOF
cat > "$W/true1000" <<'EOF'
i=0; while [ $i -lt 1000 ]; do /usr/bin/true; i=$((i+1)); done; echo done
EOF

now_ms() { date +%s%N | awk '{printf "%d", $1 / 1e6}'; }
# median of REPEAT runs of "$@" < script, its output checked against want
median() {
  local script=$1 want=$2 t0 out i
  shift 2
  local times=()
  for ((i = 0; i < REPEAT; i++)); do
    t0=$(date +%s%N)
    out=$("$@" < "$script")
    times+=($(( ($(date +%s%N) - t0) / 1000 )))
    if [ "$out" != "$want" ]; then
      echo "shell.sh: $* printed '$out', not '$want'" >&2
      exit 1
    fi
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{v[NR] = $1} END {printf "%.1f", v[int((NR + 1) / 2)] / 1000}'
}

printf '%-10s %10s %10s %10s %12s %12s\n' script bash dash box 'bash/box' 'dash/box'
for s in loop fib20 fib14-cs true1000; do
  want=$(bash "$W/$s")
  b=$(median "$W/$s" "$want" bash)
  d=$(median "$W/$s" "$want" dash)
  x=$(median "$W/$s" "$want" "$ACS" box --exec sh /dev/stdin)
  awk -v s="$s" -v b="$b" -v d="$d" -v x="$x" \
    'BEGIN {printf "%-10s %8.1f ms %7.1f ms %7.1f ms %11.2fx %11.2fx\n", s, b, d, x, b / x, d / x}'
done

# the warm box's fresh shell and the session, from session_bench
make --no-print-directory BUILD="$BUILD" "$BUILD/libacs.a" "$BUILD/acs-zygote" >/dev/null
LIBS=$(pkg-config --libs javascriptcoregtk-4.1 libuv jansson zlib libbrotlienc libbrotlidec libseccomp)
mkdir -p "$BUILD/bench"
cc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -Isrc -o "$BUILD/bench/session_bench" bench/box/session_bench.c \
  "$BUILD/libacs.a" $LIBS -lm -ldl -lpthread -larchive
"$BUILD/bench/session_bench" "${N:-200}" | head -3
