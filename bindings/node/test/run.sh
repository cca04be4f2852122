#!/usr/bin/env bash
# bindings/node/test/run.sh - the Node binding's tests (node --test), for
# `make test`. Uses $BUILD/acs (BUILD defaults to build) through
# AGENT_CODE_SANDBOX_ACS_PATH, and Node 22 from tests/.node22 when there,
# else `node`. Ends with one line "N passed, N failed" (skipped and todo
# tests count as neither; "N skipped" is printed before it).
set -u
cd "$(dirname "$0")/.."
ROOT=$(cd ../.. && pwd)
BUILD=${BUILD:-build}
case "$BUILD" in /*) ACS="$BUILD/acs" ;; *) ACS="$ROOT/$BUILD/acs" ;; esac
NODE=${NODE:-}
if [ -z "$NODE" ]; then
  if [ -x "$ROOT/tests/.node22/node_modules/.bin/node" ]; then NODE="$ROOT/tests/.node22/node_modules/.bin/node"
  else NODE=node; fi
fi
export AGENT_CODE_SANDBOX_ACS_PATH="$ACS"
unset AGENT_CODE_SANDBOX_CACHE_DIR

# The npm packages of package.json (xterm.js for `agent-code-sandbox web`,
# playwright-core for its browser test), once; without npm the tests that
# need them say so and skip. --ignore-scripts: the install step builds acs.
if [ ! -d node_modules/@xterm/xterm ] || [ ! -d node_modules/playwright-core ]; then
  npm install --silent --ignore-scripts --no-audit --no-fund --no-package-lock >/dev/null 2>&1 ||
    echo "note: npm install in bindings/node failed; the tests that need its packages skip"
fi

out=$("$NODE" --test test/*.test.mjs 2>&1)
status=$?
num() { printf '%s\n' "$out" | sed -n "s/^# $1 \([0-9][0-9]*\)\$/\1/p" | tail -1; }
pass=$(num pass) fail=$(num fail) skipped=$(num skipped) cancelled=$(num cancelled)
if [ -z "$pass" ] || [ -z "$fail" ]; then
  printf '%s\n' "$out" | tail -40
  echo "node --test printed no summary (exit status $status)"
  echo "0 passed, 1 failed"
  exit 1
fi
fail=$((fail + ${cancelled:-0}))
if [ "$fail" -gt 0 ] || [ -n "${VERBOSE:-}" ]; then
  # The failing subtests with their details.
  printf '%s\n' "$out" | awk '/^not ok/ && !/# TODO/ { show = 1 } /^ok / { show = 0 } show' | head -120
fi
[ "${skipped:-0}" -gt 0 ] && printf '%s\n' "$out" | grep -E '^ok .* # SKIP' | sed 's/^ok [0-9]* - \(.*\) # SKIP \(.*\)/skip \1: \2/'
echo "${skipped:-0} skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$status" -eq 0 ]
