#!/usr/bin/env bash
# bench/transform.sh - `acs transform` against esbuild on a TypeScript corpus:
# the .ts sources that zod and rxjs ship (bench/package.json installs them,
# pinned), made into one module by transform-corpus.mjs (see there how).
# Both on one core (taskset -c 0, GOMAXPROCS=1), whole process, median of NT
# runs; MB/s from the CPU time (the wall time on an idle core, and steadier
# when the machine is busy), the wall time shown too. MB = 10^6 bytes.
#   bench/transform.sh          (or bench/run.sh transform)
#   NT=20 NP=3 PERFILE=0 ACS=/path/to/acs bench/transform.sh
# Goals: acs >= 50 MB/s, >= 0.5x esbuild's speed, transform memory <= 4x input;
# the same 50 MB/s on the many-export file (transform-exports.mjs), linear in its size.
set -eu
cd "$(dirname "$0")"
ROOT=$(cd .. && pwd)
ACS=${ACS:-$ROOT/${BUILD:-build}/acs}
[ -x "$ACS" ] || { echo "transform.sh: $ACS missing: run make all first" >&2; exit 1; }
[ -x node_modules/.bin/esbuild ] && [ -d node_modules/zod/src ] && [ -d node_modules/rxjs/src ] ||
  npm install --silent --no-audit --no-fund >/dev/null
NODE=$PWD/node_modules/.bin/node
[ -x "$NODE" ] || NODE=node
# The native binary itself, not a launcher script in front of it.
ESBUILD=$PWD/node_modules/.bin/esbuild
for e in node_modules/@esbuild/linux-*/bin/esbuild; do
  [ -x "$e" ] && "$e" --version >/dev/null 2>&1 && { ESBUILD=$PWD/$e; break; }
done
OUT="$ROOT/build/bench/transform"
mkdir -p "$OUT"
cc -O2 -o "$ROOT/build/bench/measure" measure.c
M="$ROOT/build/bench/measure"
N=${NT:-10}
export GOMAXPROCS=1
PIN=
command -v taskset >/dev/null && PIN="taskset -c 0"

"$NODE" transform-corpus.mjs "$OUT" 2>"$OUT/corpus.log" || { cat "$OUT/corpus.log" >&2; exit 1; }
C=$OUT/corpus.ts
: >"$OUT/empty.ts"
bytes=$(wc -c <"$C")
files_bytes=$(xargs -a "$OUT/files.txt" cat | wc -c)
nfiles=$(wc -l <"$OUT/files.txt")
mb() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1e6 }'; }
rate() { awk -v b="$1" -v ms="$2" 'BEGIN { printf "%.1f", (ms > 0 ? b / 1e6 / (ms / 1e3) : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }

# Checks before timing: both accept the corpus, acs prints something, and
# what acs prints parses as JavaScript (a warning only: the transform's bug).
if ! "$ACS" transform "$C" >"$OUT/acs.js" 2>"$OUT/acs.err"; then
  echo "transform.sh: acs transform failed on the corpus:" >&2
  head -5 "$OUT/acs.err" >&2
  exit 1
fi
[ -s "$OUT/acs.js" ] || { echo "transform.sh: acs transform printed nothing" >&2; exit 1; }
"$ESBUILD" --log-level=error --format=esm "$C" >"$OUT/esbuild.js"
warn=
if ! "$NODE" --check "$OUT/acs.js" 2>"$OUT/check.err"; then
  at=$(grep -m1 -o 'acs.js:[0-9]*' "$OUT/check.err" | cut -d: -f2)
  src=$(awk -v n="${at:-0}" 'NR <= n && /^\/\/ ---- / { f = $3 } END { print f }' "$C")
  warn="WARNING: acs's output of the corpus is not valid JavaScript (line ${at:-?}, from $src):
$(sed -n '2,3p;/Error/p' "$OUT/check.err" | head -4 | cut -c1-160)"
fi

echo "== transform: TypeScript to JavaScript on one core, whole process, median of $N; MB = 10^6 bytes"
echo "corpus.ts: $(mb "$bytes") MB from zod and rxjs: $(tail -1 "$OUT/corpus.log" | sed 's/^transform-corpus: //')"
[ -z "$warn" ] || echo "$warn"
export MEASURE_CPU=1 # a fourth field: CPU ms (user + system), which other load disturbs less than wall time
read -r a0_ms _ a0_rss a0_cpu < <("$M" "$N" $PIN "$ACS" transform "$OUT/empty.ts")
read -r e0_ms _ e0_rss e0_cpu < <("$M" "$N" $PIN "$ESBUILD" --log-level=error --format=esm "$OUT/empty.ts")
read -r a_ms a_min a_rss a_cpu < <("$M" "$N" $PIN "$ACS" transform "$C")
read -r e_ms e_min e_rss e_cpu < <("$M" "$N" $PIN "$ESBUILD" --log-level=error --format=esm "$C")
[ -n "$a0_cpu" ] && [ -n "$e0_cpu" ] && [ -n "$a_cpu" ] && [ -n "$e_cpu" ] || exit 1 # measure said why
printf '%-8s %9s %9s %8s %8s %9s %10s %9s %12s\n' "" "wall ms" "min ms" "CPU ms" MB/s "net MB/s" "empty CPU" "peak RSS" "RSS - empty"
row() { # name wall min cpu cpu0 rss rss0
  printf '%-8s %9s %9s %8s %8s %9s %10s %9s %12s\n' "$1" "$2" "$3" "$4" "$(rate "$bytes" "$4")" \
    "$(rate "$bytes" "$(sub "$4" "$5")")" "$5" "$6" "$(sub "$6" "$7")"
}
row acs "$a_ms" "$a_min" "$a_cpu" "$a0_cpu" "$a_rss" "$a0_rss"
row esbuild "$e_ms" "$e_min" "$e_cpu" "$e0_cpu" "$e_rss" "$e0_rss"
echo "(MB/s from the CPU time, which is the wall time on an idle core; net: less the CPU time of the same"
echo " command on an empty file, i.e. the process start-up; RSS in MB)"
echo "acs MB/s         $(rate "$bytes" "$a_cpu")  (goal >= 50; wall: $(rate "$bytes" "$a_ms"))"
echo "acs/esbuild      $(ratio "$e_cpu" "$a_cpu")  (speed, goal >= 0.5; wall: $(ratio "$e_ms" "$a_ms"))"
echo "acs memory       $(ratio "$(sub "$a_rss" "$a0_rss")" "$(mb "$bytes")")x input (peak RSS less an empty file's, goal <= 4);" \
  "$(ratio "$a_rss" "$(mb "$bytes")")x with the ${a0_rss} MB of start-up and shared libraries"

# The many-export file (transform-exports.mjs): 4 MB of exported generic
# interfaces, classes and functions, and its halves down to 0.5 MB, whose
# times must grow with the size (a per-name scan of a list made them grow
# with its square: 0.58 s at 4 MB where 0.5 MB took 0.03 s).
echo
echo "== transform, the many-export file (transform-exports.mjs), CPU ms, median of $N"
printf '%-8s %10s %10s %8s %10s %8s %14s\n' size exports "acs ms" "MB/s" "esbuild" "MB/s" "acs ms per MB"
for sz in 500000 1000000 2000000 4000000; do
  X=$OUT/exports-$sz.ts
  nexp=$("$NODE" transform-exports.mjs "$X" "$sz" | sed -n 's/.* groups, \([0-9]*\) exports.*/\1/p')
  xb=$(wc -c <"$X")
  "$ACS" transform "$X" >"$OUT/exports-$sz.js" || { echo "transform.sh: acs transform failed on $X" >&2; exit 1; }
  read -r _ _ _ x_cpu < <("$M" "$N" $PIN "$ACS" transform "$X")
  read -r _ _ _ xe_cpu < <("$M" "$N" $PIN "$ESBUILD" --log-level=error --format=esm "$X")
  [ -n "$x_cpu" ] && [ -n "$xe_cpu" ] || exit 1
  printf '%-8s %10s %10s %8s %10s %8s %14s\n' "$(mb "$xb")" "$nexp" "$x_cpu" "$(rate "$xb" "$x_cpu")" "$xe_cpu" \
    "$(rate "$xb" "$xe_cpu")" "$(awk -v c="$x_cpu" -v z="$a0_cpu" -v b="$xb" 'BEGIN { printf "%.1f", (c - z) / (b / 1e6) }')"
done
echo "(per MB: less the empty file's CPU time; a linear transform keeps it level; goal >= 50 MB/s at 4 MB)"

if [ "${PERFILE:-1}" = 1 ]; then
  NP=${NP:-3}
  echo
  echo "== transform, file by file: the $nfiles files ($(mb "$files_bytes") MB), median of $NP"
  read -r ap_ms _ _ ap_cpu < <("$M" "$NP" $PIN xargs -a "$OUT/files.txt" -n1 "$ACS" transform)
  read -r ep_ms _ _ ep_cpu < <("$M" "$NP" $PIN xargs -a "$OUT/files.txt" -n1 "$ESBUILD" --log-level=error --format=esm)
  rm -rf "$OUT/esout"
  read -r e1_ms _ _ e1_cpu < <("$M" "$NP" $PIN xargs -a "$OUT/files.txt" "$ESBUILD" --log-level=error --format=esm \
    --outbase=node_modules --outdir="$OUT/esout")
  [ -n "$ap_cpu" ] && [ -n "$ep_cpu" ] && [ -n "$e1_cpu" ] || exit 1
  printf '%-36s %9s %8s %8s\n' "" "wall ms" "CPU ms" MB/s
  printf '%-36s %9s %8s %8s\n' "acs, a process per file" "$ap_ms" "$ap_cpu" "$(rate "$files_bytes" "$ap_cpu")" \
    "esbuild, a process per file" "$ep_ms" "$ep_cpu" "$(rate "$files_bytes" "$ep_cpu")" \
    "esbuild, all files in one process" "$e1_ms" "$e1_cpu" "$(rate "$files_bytes" "$e1_cpu")"
  echo "acs/esbuild, a process per file each: $(ratio "$ep_cpu" "$ap_cpu") (mostly start-up: ${a0_cpu} and ${e0_cpu} CPU ms a"
  echo " process; esbuild's one-process run also writes its $nfiles output files)"
fi
