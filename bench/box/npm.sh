#!/usr/bin/env bash
# bench/box/npm.sh - `npm install` in a box against real npm on the host,
# the same registry for both, cold (empty caches) and warm (caches full,
# a fresh project without node_modules or lockfile). Two trees: a small
# one from the fixture registry (tests/pkg/registry.mjs: 8 packages), and
# express (68 packages) from a local mirror of the host's npm cache
# (npm_mirror.mjs) when that cache holds it. Prints the median wall time
# of N runs (default 5) of each, and the box's npm's own figure.
#
#   bash bench/box/npm.sh        (needs node and npm on the host)
set -u
cd "$(dirname "$0")/../.." || exit 1
ACS=${ACS:-$PWD/build/acs}
N=${N:-5}
T=$(mktemp -d /tmp/acs-npm-bench.XXXXXX)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; chmod -R u+w "$T"; rm -rf "$T"' EXIT

serve() { # serve PORTFILE CMD...: start a registry, wait for its port
  local pf=$1
  shift
  "$@" >"$pf" 2>>"$T/err" &
  PIDS+=($!)
  for _ in $(seq 200); do [ -s "$pf" ] && break; sleep 0.05; done
}
serve "$T/fx.port" node tests/pkg/registry.mjs
FX=http://127.0.0.1:$(head -1 "$T/fx.port")
serve "$T/mirror.port" node bench/box/npm_mirror.mjs
MIRROR=http://127.0.0.1:$(head -1 "$T/mirror.port")

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# box REGISTRY CACHE PJ: ms of one acs box run; npm's own line in $T/npmline
box_once() {
  local t0 t1
  t0=$(now)
  ACS_NPM_REGISTRY=$1 ACS_CACHE_DIR=$2 "$ACS" box --copy "$3:/p/package.json" -c 'cd /p && npm install' >"$T/npmline" 2>"$T/box.err"
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}
host_once() {
  local t0 t1 d=$T/hp
  rm -rf "$d" && mkdir -p "$d" && cp "$3" "$d/package.json"
  t0=$(now)
  (cd "$d" && npm install --registry "$1" --cache "$2" --no-audit --no-fund --ignore-scripts \
    --omit-lockfile-registry-resolved=false >/dev/null 2>>"$T/host.err")
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}

bench() { # bench NAME REGISTRY PJ
  local name=$1 reg=$2 pj=$3 i cold warm hcold hwarm own
  cold=$(for i in $(seq "$N"); do rm -rf "$T/bc"; box_once "$reg" "$T/bc" "$pj"; done | median)
  box_once "$reg" "$T/bw" "$pj" >/dev/null
  warm=$(for i in $(seq "$N"); do box_once "$reg" "$T/bw" "$pj"; done | median)
  own=$(grep -o 'added [0-9]* packages in [0-9a-z]*' "$T/npmline")
  hcold=$(for i in $(seq "$N"); do rm -rf "$T/hc"; host_once "$reg" "$T/hc" "$pj"; done | median)
  host_once "$reg" "$T/hw" "$pj" >/dev/null
  hwarm=$(for i in $(seq "$N"); do host_once "$reg" "$T/hw" "$pj"; done | median)
  printf '%-8s box cold %5s ms  warm %5s ms (npm says: %s)   host npm %s cold %5s ms  warm %5s ms\n' \
    "$name" "$cold" "$warm" "$own" "$(npm --version)" "$hcold" "$hwarm"
}

printf '{"name":"b","version":"1.0.0","dependencies":{"fx-chain-a":"^1.0.0","@fx/scoped":"^1.1.0","fx-bin":"^1.0.0"}}\n' >"$T/small.json"
bench small "$FX" "$T/small.json"
if curl -sf "$MIRROR/express" >/dev/null; then
  printf '{"name":"b","version":"1.0.0","dependencies":{"express":"^5.0.0"}}\n' >"$T/express.json"
  bench express "$MIRROR" "$T/express.json"
else
  echo "express  skipped: the host's npm cache does not hold it"
fi
