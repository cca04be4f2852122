#!/usr/bin/env bash
# tests/net/run.sh - the network tests: starts tests/net/server.js, runs
# each tests/net/*.mjs under acs and under Node 22 with the server's port as
# the first argument, and compares the two stdouts. Prints "N passed, N
# failed" last.
#
#   tests/net/run.sh [FILE.mjs ...]      (BUILD=build-ht to pick the acs build)
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
NODE22=${NODE22:-}
if [ -z "$NODE22" ]; then
  if [ -x tests/.node22/node_modules/.bin/node ]; then NODE22="$PWD/tests/.node22/node_modules/.bin/node"
  else NODE22=$(command -v node || true); fi
fi
case "$("$NODE22" --version 2>/dev/null)" in
  v22.*) ;;
  *) echo "note: Node 22 not found (tests/.node22 or NODE22=...): the runs under Node are compared anyway with $("$NODE22" --version 2>/dev/null || echo none)";;
esac
[ -x "$ACS" ] || { echo "no $ACS: build it first (make BUILD=$BUILD $BUILD/acs)"; echo "0 passed, 1 failed"; exit 1; }

TMP=$(mktemp -d)
SRV_PID=""
cleanup() { [ -n "$SRV_PID" ] && kill "$SRV_PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

"$NODE22" tests/net/server.js >"$TMP/server.out" 2>"$TMP/server.err" &
SRV_PID=$!
PORT=""
for _ in $(seq 1 100); do
  PORT=$(head -1 "$TMP/server.out" 2>/dev/null)
  [ -n "$PORT" ] && break
  sleep 0.05
done
if [ -z "$PORT" ]; then
  echo "the server did not start: $(cat "$TMP/server.err")"
  echo "0 passed, 1 failed"
  exit 1
fi

pass=0 fail=0
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(tests/net/*.mjs)
for f in "${files[@]}"; do
  name=$(basename "$f")
  dir=$(cd "$(dirname "$f")" && pwd)
  # acs: the file relative to its directory (the work dir), argv after --
  (cd "$dir" && "$ACS" run --timeout-ms 60000 --allow-domain "127.0.0.1:$PORT" \
      --allow-domain nonexistent.invalid "$name" -- "$PORT") >"$TMP/acs.out" 2>"$TMP/acs.err"
  acs_rc=$?
  (cd "$dir" && PORT=$PORT timeout 60 "$NODE22" "$name" "$PORT") >"$TMP/node.out" 2>"$TMP/node.err"
  node_rc=$?
  if [ "$acs_rc" != "$node_rc" ]; then
    fail=$((fail + 1))
    echo "FAIL $name: exit status acs $acs_rc, node $node_rc"
    sed 's/^/     acs stderr: /' "$TMP/acs.err" | head -20
    sed 's/^/     node stderr: /' "$TMP/node.err" | head -20
  elif ! diff -u "$TMP/node.out" "$TMP/acs.out" >"$TMP/diff"; then
    fail=$((fail + 1))
    echo "FAIL $name: output differs (- node, + acs)"
    head -60 "$TMP/diff" | sed 's/^/     /'
    [ -s "$TMP/acs.err" ] && sed 's/^/     acs stderr: /' "$TMP/acs.err" | head -20
  else
    pass=$((pass + 1))
    echo "ok $name ($(wc -l <"$TMP/acs.out") lines match Node)"
  fi
done

kill "$SRV_PID" 2>/dev/null
wait "$SRV_PID" 2>/dev/null
SRV_PID=""
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
