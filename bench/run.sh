#!/usr/bin/env bash
# bench/run.sh - acs side by side with Deno, Bun and Node in one run.
# Ratios, not absolute times: the machine varies, the ratios much less.
#   bench/run.sh            start-up, compute and transform
#   bench/run.sh startup    one of them (startup, compute or transform)
#   bench/run.sh fs|fetch|warm   files, network, warm exec latency (not in "all")
#   bench/run.sh packages        npm packages on demand, cold and warm cache (not in "all")
set -eu
cd "$(dirname "$0")"
ROOT=$(cd .. && pwd)
ACS="$ROOT/${BUILD:-build}/acs"
[ -x node_modules/.bin/deno ] && [ -x node_modules/.bin/bun ] ||
  npm install --silent --no-audit --no-fund >/dev/null
DENO=$PWD/node_modules/.bin/deno BUN=$PWD/node_modules/.bin/bun NODE=$PWD/node_modules/.bin/node
mkdir -p "$ROOT/build/bench"
cc -O2 -o "$ROOT/build/bench/measure" measure.c
M="$ROOT/build/bench/measure"
what=${1:-all}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

if [ "$what" = all ] || [ "$what" = startup ]; then
  N=${N:-40}
  code='console.log(2 ** 10)'
  echo "== startup: '$code' as a whole process, median of $N (ms), peak RSS (MB)"
  read -r acs_ms acs_min acs_rss < <("$M" "$N" "$ACS" run -c "$code")
  read -r deno_ms deno_min deno_rss < <("$M" "$N" "$DENO" eval "$code")
  read -r bun_ms bun_min bun_rss < <("$M" "$N" "$BUN" -e "$code")
  read -r node_ms node_min node_rss < <("$M" "$N" "$NODE" -e "$code")
  printf '%-6s %8s %8s %8s\n' "" median min rss
  printf '%-6s %8s %8s %8s\n' acs "$acs_ms" "$acs_min" "$acs_rss" deno "$deno_ms" "$deno_min" "$deno_rss" \
    bun "$bun_ms" "$bun_min" "$bun_rss" node "$node_ms" "$node_min" "$node_rss"
  echo "acs/deno $(ratio "$acs_ms" "$deno_ms")  (goal <= 0.5)"
  echo "acs/bun  $(ratio "$acs_ms" "$bun_ms")  (goal <= 1.0 later)"
  echo "acs/node $(ratio "$acs_ms" "$node_ms")"
  echo "acs peak RSS ${acs_rss} MB (goal <= 25)"
  echo
fi

if [ "$what" = all ] || [ "$what" = compute ]; then
  N=${NC:-3}
  echo "== compute: whole-process time, median of $N (ms); acs with --timeout-ms and --memory-mb on"
  # floor: the kernel in a bare context of the same engine (compute/floor.c)
  FLOOR="$ROOT/build/bench/floor"
  mkdir -p "$ROOT/build/bench"
  cc -O2 -o "$FLOOR" compute/floor.c $(pkg-config --cflags --libs javascriptcoregtk-4.1) || FLOOR=
  printf '%-10s %9s %9s %9s %9s %9s %9s\n' kernel acs floor deno bun deno/acs floor/acs
  logsum=0 count=0
  for f in compute/*.js; do
    k=$(basename "$f" .js)
    read -r a _ _ < <("$M" "$N" "$ACS" run --timeout-ms 600000 --memory-mb 4000 --work-dir "$PWD/compute" "$k.js")
    fl=-
    [ -n "$FLOOR" ] && read -r fl _ _ < <("$M" "$N" "$FLOOR" "$f")
    read -r d _ _ < <("$M" "$N" "$DENO" run "$f")
    read -r b _ _ < <("$M" "$N" "$BUN" "$f")
    r=$(ratio "$d" "$a")
    fr=-
    [ "$fl" != - ] && fr=$(ratio "$fl" "$a")
    printf '%-10s %9s %9s %9s %9s %9s %9s\n' "$k" "$a" "$fl" "$d" "$b" "$r" "$fr"
    logsum=$(awk -v s="$logsum" -v r="$r" 'BEGIN { print s + log(r) }')
    count=$((count + 1))
  done
  echo "geometric mean deno/acs $(awk -v s="$logsum" -v n="$count" 'BEGIN { printf "%.2f", exp(s / n) }')  (goal >= 0.9: acs at least 0.9x Deno's speed)"
  echo "(floor/acs near 1: acs costs what the engine costs; the rest of the gap is the engine's)"
fi

if [ "$what" = all ] || [ "$what" = transform ]; then
  [ "$what" = all ] && echo
  # acs transform against esbuild on a TypeScript corpus (bench/transform.sh)
  BUILD=${BUILD:-build} bash transform.sh
fi

if [ "$what" = all ] || [ "$what" = fs ]; then
  echo
  echo "== fs: files and a 300-module graph through the confined VFS"
  bash fs/run.sh
fi

if [ "$what" = warm ]; then
  echo "== warm: runs of console.log(1) through acs serve (warm worker pool)"
  bash warm/run.sh
fi

if [ "$what" = fetch ]; then
  echo "== fetch: $((${NF:-2000})) requests to a local server, and a 100 MB streamed download"
  bash fetch/run.sh
fi

if [ "$what" = packages ]; then
  echo "== packages: import papaparse, date-fns and zod with a cold and a warm package cache"
  bash packages/run.sh
fi
