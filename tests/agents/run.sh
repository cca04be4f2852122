#!/usr/bin/env bash
# run.sh - the Deep Agents backend (agent-code-sandbox/deepagents) against
# the deepagents npm package (1.13.x, installed into tests/agents/node_modules
# on first use): conformance.test.mjs (the sandbox backend conformance
# cases), agent-loop.test.mjs (createDeepAgent driven by a scripted model)
# and types.test.mjs (its types against deepagents' own, strict tsc). BUILD
# picks the build directory (default: build). Ends with "N passed, N
# failed"; exit status 1 when a check failed.
set -u
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
BUILD=${BUILD:-build}
case "$BUILD" in /*) ACS="$BUILD/acs" ;; *) ACS="$ROOT/$BUILD/acs" ;; esac
NODE=${NODE:-}
if [ -z "$NODE" ]; then
  if [ -x "$ROOT/tests/.node22/node_modules/.bin/node" ]; then NODE="$ROOT/tests/.node22/node_modules/.bin/node"
  else NODE=node; fi
fi
if [ ! -d node_modules/deepagents ] || [ ! -d node_modules/@langchain/core ] || [ ! -d node_modules/typescript ]; then
  npm install --no-audit --no-fund >/dev/null 2>&1 ||
    { echo "FAIL agents: npm install of deepagents failed"; echo "0 passed, 1 failed"; exit 1; }
fi
# the binding as the tests' dependency, by its name (npm install prunes it)
[ -e node_modules/agent-code-sandbox ] || ln -s ../../../bindings/node node_modules/agent-code-sandbox
export AGENT_CODE_SANDBOX_ACS_PATH="$ACS"
unset AGENT_CODE_SANDBOX_CACHE_DIR

out=$("$NODE" --test conformance.test.mjs agent-loop.test.mjs types.test.mjs 2>&1)
status=$?
num() { printf '%s\n' "$out" | sed -n "s/^# $1 \([0-9][0-9]*\)\$/\1/p" | tail -1; }
pass=$(num pass) fail=$(num fail) cancelled=$(num cancelled)
if [ -z "$pass" ] || [ -z "$fail" ]; then
  printf '%s\n' "$out" | tail -40
  echo "node --test printed no summary (exit status $status)"
  echo "0 passed, 1 failed"
  exit 1
fi
fail=$((fail + ${cancelled:-0}))
if [ "$fail" -gt 0 ] || [ -n "${VERBOSE:-}" ]; then
  printf '%s\n' "$out" | awk '/^ *not ok/ && !/# TODO/ { show = 1 } /^ *ok / { show = 0 } show' | head -120
fi
echo "deepagents $("$NODE" -p "require('./node_modules/deepagents/package.json').version" 2>/dev/null)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$status" -eq 0 ]
