#!/usr/bin/env bash
# run.sh - the `acs mcp` tests: tests/mcp/client.mjs (the exec tools) and
# tests/mcp/box.mjs (`acs mcp --box`) drive the server with the official MCP
# SDK client (installed into tests/mcp/node_modules on first use). BUILD
# picks the build directory (default: build). Ends with "N passed, N
# failed" over both; exit status 1 when a check failed.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
if [ ! -d tests/mcp/node_modules/@modelcontextprotocol/sdk ]; then
  npm install --prefix tests/mcp --no-audit --no-fund >/dev/null 2>&1 ||
    { echo "FAIL mcp: npm install of @modelcontextprotocol/sdk failed"; echo "0 passed, 1 failed"; exit 1; }
fi
pass=0 fail=0
for script in client box; do
  out=$(ACS=$PWD/$BUILD/acs node tests/mcp/$script.mjs 2>&1); status=$?
  printf '%s\n' "$out" | grep -Ev '^[0-9]+ passed, [0-9]+ failed$'
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
  if [ -z "$line" ]; then
    echo "FAIL mcp/$script.mjs: no summary line (exit status $status)"
    fail=$((fail + 1))
    continue
  fi
  p=${line%% passed*}; f=${line#*, }; f=${f%% failed}
  pass=$((pass + p)); fail=$((fail + f))
  [ "$status" = 0 ] || [ "$f" != 0 ] || { echo "FAIL mcp/$script.mjs: exit status $status"; fail=$((fail + 1)); }
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
