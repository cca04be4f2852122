#!/usr/bin/env bash
# bench/warm/run.sh - warm exec latency and throughput through acs serve
# (and, when bindings/node has its bench, through exec() in Node), next to
# a `deno eval` per run. Called by bench/run.sh warm.
set -eu
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
ACS="$ROOT/${BUILD:-build}/acs"
NODE=../node_modules/.bin/node DENO=../node_modules/.bin/deno
"$NODE" serve.mjs "$ACS" "${NW:-2000}" "$DENO"
[ -f exec.mjs ] && "$NODE" exec.mjs "$ACS" "${NW:-2000}" || true
echo "goals: p50 <= 1 ms through serve, <= 2 ms through exec(); >= 1000 runs/s on 2 cores"
