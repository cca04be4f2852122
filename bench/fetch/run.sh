#!/usr/bin/env bash
# bench/fetch/run.sh - fetch against a local server: acs, Node, Deno, Bun.
# Requests/s (keep-alive, 1 and 200 at a time) and a 100 MB streamed
# download (time and peak RSS). Called by bench/run.sh fetch.
set -eu
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
ACS="$ROOT/${BUILD:-build}/acs" M="$ROOT/build/bench/measure"
NODE=../node_modules/.bin/node DENO=../node_modules/.bin/deno BUN=../node_modules/.bin/bun
exec 9< <("$NODE" server.cjs & echo "$!"; wait)
read -r SRV <&9; read -r PORT <&9
trap 'kill $SRV 2>/dev/null' EXIT
N=${NF:-2000}
run() { # run TOOL SCRIPT ARGS...: the script's stdout
  local t=$1 s=$2; shift 2
  case $t in
    acs) "$ACS" run --allow-domain "127.0.0.1:$PORT" "$s" -- "$@" ;;
    node) "$NODE" "$s" "$@" ;;
    deno) "$DENO" run -A "$s" "$@" ;;
    bun) "$BUN" "$s" "$@" ;;
  esac
}
printf '%-6s %12s %14s %14s %10s\n' "" "req/s c=1" "req/s c=200" "100MB ms" "RSS MB"
for t in acs node deno bun; do
  run "$t" requests.mjs "$PORT" 200 10 >/dev/null # warm the server and the caches
  r1=$(run "$t" requests.mjs "$PORT" "$N" 1)
  r200=$(run "$t" requests.mjs "$PORT" "$N" 200)
  case $t in
    acs) read -r ms _ rss < <("$M" 3 "$ACS" run --allow-domain "127.0.0.1:$PORT" download.mjs -- "$PORT" 100) ;;
    node) read -r ms _ rss < <("$M" 3 "$NODE" download.mjs "$PORT" 100) ;;
    deno) read -r ms _ rss < <("$M" 3 "$DENO" run -A download.mjs "$PORT" 100) ;;
    bun) read -r ms _ rss < <("$M" 3 "$BUN" download.mjs "$PORT" 100) ;;
  esac
  printf '%-6s %12s %14s %14s %10s\n' "$t" "$r1" "$r200" "$ms" "$rss"
done
read -r _ _ base < <("$M" 3 "$ACS" run --allow-domain "127.0.0.1:$PORT" download.mjs -- "$PORT" 1)
echo "acs RSS with fetch and libcurl loaded (a 1 MB download): $base MB"
echo "goals: acs req/s >= node's; the 100 MB download adds <= 20 MB to that"
