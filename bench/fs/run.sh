#!/usr/bin/env bash
# bench/fs/run.sh - file throughput and module graph load through the
# sandbox's confined VFS, side by side with Node and Deno (whole process).
set -eu
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
ACS="$ROOT/${BUILD:-build}/acs"
B="$ROOT/bench/node_modules/.bin"
[ -x "$B/deno" ] || (cd .. && npm install --silent --no-audit --no-fund >/dev/null)
M="$ROOT/build/bench/measure"
[ -x "$M" ] || { mkdir -p "$ROOT/build/bench"; cc -O2 -o "$M" ../measure.c; }
# BENCH_DIR=/dev/shm measures the sandbox's own cost (on a disk, the small
# files are the disk's time)
W=$(mktemp -d "${BENCH_DIR:-/tmp}/acs-bench-fs.XXXXXX")
trap 'rm -rf "$W"' EXIT
cp small_files.cjs big_file.cjs gen_project.cjs "$W/"
(cd "$W" && "$B/node" gen_project.cjs)
N=${N:-5}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-14s %9s %9s %9s %10s %10s\n' work acs node deno node/acs deno/acs
for job in small_files.cjs big_file.cjs project/main.mjs; do
  read -r a _ _ < <(cd "$W" && "$M" "$N" "$ACS" run --work-dir "$W" "$job")
  read -r n _ _ < <(cd "$W" && "$M" "$N" "$B/node" "$job")
  read -r d _ _ < <(cd "$W" && "$M" "$N" "$B/deno" run -A "$job")
  printf '%-14s %9s %9s %9s %10s %10s\n' "$(basename "$job")" "$a" "$n" "$d" "$(ratio "$n" "$a")" "$(ratio "$d" "$a")"
done
echo "(median ms of $N whole-process runs; node/acs >= 0.8 is the throughput goal; a module graph"
echo " load within Deno's time is deno/acs >= 1.0)"
