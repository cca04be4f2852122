#!/usr/bin/env bash
# run.sh - the `acs mcp` tests: tests/mcp/client.mjs drives the server with
# the official MCP SDK client (installed into tests/mcp/node_modules on first
# use). BUILD picks the build directory (default: build). Ends with
# "N passed, N failed"; exit status 1 when a check failed.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
if [ ! -d tests/mcp/node_modules/@modelcontextprotocol/sdk ]; then
  npm install --prefix tests/mcp --no-audit --no-fund >/dev/null 2>&1 ||
    { echo "FAIL mcp: npm install of @modelcontextprotocol/sdk failed"; echo "0 passed, 1 failed"; exit 1; }
fi
ACS=$PWD/$BUILD/acs exec node tests/mcp/client.mjs
