#!/usr/bin/env bash
# bench/packages/run.sh - npm packages on demand: a program importing
# papaparse, date-fns and zod, run with a cold and then a warm package
# cache, by acs, Deno (npm: specifiers) and Bun (auto-install), each with
# its own empty cache; against the real registry when it is reachable,
# else the fixture registry (tests/pkg/registry.mjs). Then acs's warm
# overhead: the warm run against the same run with the packages already in
# the work dir's node_modules (nothing to install), for the three packages
# and for papaparse alone (install bookkeeping vs module loading).
# Called by bench/run.sh packages.
#   NPC=5   cold runs per tool (each with a fresh cache: network noise)
#   NPW=20  warm runs per case
#   PKG_REGISTRY=URL   use this registry; PKG_REGISTRY=fixture forces the
#                      fixture registry
set -eu
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
ACS="$ROOT/${BUILD:-build}/acs" M="$ROOT/build/bench/measure"
NODE=$PWD/../node_modules/.bin/node DENO=$PWD/../node_modules/.bin/deno BUN=$PWD/../node_modules/.bin/bun
NPC=${NPC:-5} NPW=${NPW:-20}
PKGS="papaparse date-fns zod"

T=$(mktemp -d "${TMPDIR:-/tmp}/acs-bench-pkg.XXXXXX")
SRV=
cleanup() {
  [ -n "$SRV" ] && kill "$SRV" 2>/dev/null
  chmod -R u+w "$T" 2>/dev/null # acs's unpacked packages are read-only
  rm -rf "$T"
}
trap cleanup EXIT

# The registry: the real one if it answers, else the fixture registry if it
# has the three packages, else say so and stop (not a failure).
REG=${PKG_REGISTRY:-}
if [ -z "$REG" ] && curl -sf -m 5 https://registry.npmjs.org/papaparse -o /dev/null; then
  REG=https://registry.npmjs.org
elif [ -z "$REG" ] || [ "$REG" = fixture ]; then
  if [ ! -f "$ROOT/tests/pkg/registry.mjs" ]; then
    echo "registry.npmjs.org is unreachable and there is no fixture registry (tests/pkg/registry.mjs):"
    echo "this bench needs the real registry; skipped"
    exit 0
  fi
  "$NODE" "$ROOT/tests/pkg/registry.mjs" >"$T/port" 2>"$T/registry.err" &
  SRV=$!
  for _ in $(seq 200); do [ -s "$T/port" ] && break; sleep 0.05; done
  [ -s "$T/port" ] || { echo "the fixture registry did not start: $(head -3 "$T/registry.err")"; exit 1; }
  REG=http://127.0.0.1:$(head -1 "$T/port")
  for p in $PKGS; do
    if ! curl -sf -m 5 "$REG/$p" -o /dev/null; then
      echo "registry.npmjs.org is unreachable and the fixture registry has no $p:"
      echo "this bench needs the real registry; skipped"
      exit 0
    fi
  done
fi

# The programs. acs and Bun take bare specifiers (acs installs what the code
# imports; Bun auto-installs when there is no node_modules or package.json);
# Deno takes npm: specifiers.
ALL='import Papa from "papaparse"; import { format } from "date-fns"; import { z } from "zod";
console.log(Papa.parse("a,b").data.length, format(new Date(0), "yyyy"), z.string().parse("x"));'
PAPA='import Papa from "papaparse";
console.log(Papa.parse("a,b").data.length);'
mkdir -p "$T/src"
printf '%s\n' "$ALL" >"$T/src/all.mjs"
printf '%s\n' "$PAPA" >"$T/src/papa.mjs"
printf '%s\n' "$ALL" | sed 's/from "\([a-z-]*\)"/from "npm:\1"/g' >"$T/src/all-deno.mjs"

fresh() { mktemp -d "$T/d.XXXXXX"; }                  # a new empty directory
ms() { local out; out=$("$@") || exit 1; echo "${out%% *}"; } # measure's median
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
diff_ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }

# Each of these runs one case N times under measure and prints the median
# ms; CACHE is the tool's own cache directory.
acs_run() { # N CACHE WORKDIR FILE
  (export ACS_NPM_REGISTRY=$REG ACS_CACHE_DIR=$2; ms "$M" "$1" "$ACS" run --work-dir "$3" "$4")
}
deno_run() { # N DENO_DIR CWD FILE
  (cd "$3" && export NPM_CONFIG_REGISTRY=$REG DENO_DIR=$2 DENO_NO_UPDATE_CHECK=1 && ms "$M" "$1" "$DENO" run -q -A "$4")
}
bun_run() { # N CACHE CWD FILE (HOME too: Bun keeps temporary files in ~/.bun)
  (cd "$3" && export NPM_CONFIG_REGISTRY=$REG BUN_INSTALL_CACHE_DIR=$2 HOME=$2.home &&
    mkdir -p "$HOME" && ms "$M" "$1" "$BUN" "$4")
}
# cwd: a new directory holding only FILE (copied from $T/src)
cwd_with() { local d; d=$(fresh); cp "$T/src/$1" "$d/"; echo "$d"; }

echo "registry: $REG"
# Cold: a fresh cache per run, the tools interleaved (network noise falls on
# all of them). acs also with half of the cache filled in: the packuments
# (meta/) already there, so the run fetches tarballs only; or the packages
# (pkgs/) already unpacked, so it fetches packuments only.
acs_c=() deno_c=() bun_c=() acs_meta=() acs_pkgs=()
for _ in $(seq "$NPC"); do
  AC=$(fresh)
  acs_c+=("$(acs_run 1 "$AC" "$(cwd_with all.mjs)" all.mjs)")
  DC=$(fresh)
  deno_c+=("$(deno_run 1 "$DC" "$(cwd_with all-deno.mjs)" all-deno.mjs)")
  BC=$(fresh)
  bun_c+=("$(bun_run 1 "$BC" "$(cwd_with all.mjs)" all.mjs)")
  c=$(fresh)
  cp -a "$AC/meta" "$c/"
  acs_meta+=("$(acs_run 1 "$c" "$(cwd_with all.mjs)" all.mjs)")
  c=$(fresh)
  cp -a "$AC/pkgs" "$c/"
  acs_pkgs+=("$(acs_run 1 "$c" "$(cwd_with all.mjs)" all.mjs)")
done
for p in $PKGS; do
  if ! ls "$BC" | grep -q "^$p"; then
    echo "note: Bun's cache has no $p: it did not auto-install (it found a node_modules above $T?)"
  fi
done

# Warm: the last cold run's cache again, from a new cwd; acs's below, next
# to its node_modules runs. acs's packuments stay fresh for the registry's
# max-age (300 s by default): a note below if they were fetched again.
stamp=$(cat "$AC"/meta/*/*.meta | cksum)
deno_w=$(deno_run "$NPW" "$DC" "$(cwd_with all-deno.mjs)" all-deno.mjs)
bun_w=$(bun_run "$NPW" "$BC" "$(cwd_with all.mjs)" all.mjs)

# The same run without installing: the packages (and whatever else acs
# unpacked: their dependencies, none here) copied from acs's cache into the
# work dir's node_modules. acs finds them there and installs nothing (its
# cache, E, stays empty); Deno needs a package.json to take bare specifiers
# from node_modules.
local_dir() { # FILE PKG...: a work dir with FILE and node_modules/PKG...
  local f=$1 d p src
  shift
  d=$(cwd_with "$f")
  mkdir -p "$d/node_modules"
  for p in "$@"; do
    src=$(ls -d "$AC/pkgs/$p@"*/ | head -1)
    cp -r "$src" "$d/node_modules/$p"
  done
  chmod -R u+w "$d"
  echo "$d"
}
mapfile -t all_pkgs < <(cd "$AC/pkgs" && ls -d -- *@* | sed 's/@[^@]*$//')
LA=$(local_dir all.mjs "${all_pkgs[@]}")
LP=$(local_dir papa.mjs papaparse)
LD=$(local_dir all.mjs "${all_pkgs[@]}")
echo '{ "type": "module" }' >"$LD/package.json"
deno_l=$(deno_run "$NPW" "$(fresh)" "$LD" all.mjs)
bun_l=$(bun_run "$NPW" "$(fresh)" "$LA" all.mjs)
# acs warm vs local, interleaved run by run (drift falls on both)
WA=$(cwd_with all.mjs) WP=$(cwd_with papa.mjs) E=$(fresh)
wa=() la=() wp=() lp=()
for _ in $(seq "$NPW"); do
  wa+=("$(acs_run 1 "$AC" "$WA" all.mjs)")
  la+=("$(acs_run 1 "$E" "$LA" all.mjs)")
  wp+=("$(acs_run 1 "$AC" "$WP" papa.mjs)")
  lp+=("$(acs_run 1 "$E" "$LP" papa.mjs)")
done
[ "$(cat "$AC"/meta/*/*.meta | cksum)" = "$stamp" ] ||
  echo "note: acs fetched the packuments again during the warm runs (their max-age passed)"
[ -z "$(ls -A "$E")" ] || echo "note: acs wrote to its cache in the node_modules runs: $(ls -A "$E" | tr '\n' ' ')"
wa=$(median "${wa[@]}") la=$(median "${la[@]}") wp=$(median "${wp[@]}") lp=$(median "${lp[@]}")
acs_w=$wa acs_l=$la

acs_c=$(median "${acs_c[@]}") deno_c=$(median "${deno_c[@]}") bun_c=$(median "${bun_c[@]}")
acs_meta=$(median "${acs_meta[@]}") acs_pkgs=$(median "${acs_pkgs[@]}")
echo "import papaparse, date-fns and zod: median ms; cold: $NPC runs, each with an empty cache;"
echo "warm: $NPW runs, the same cache again; node_modules: $NPW runs with the packages already in"
echo "./node_modules (nothing to install)"
printf '%-6s %9s %9s %13s\n' "" cold warm node_modules
printf '%-6s %9.0f %9.0f %13.0f\n' acs "$acs_c" "$acs_w" "$acs_l" deno "$deno_c" "$deno_w" "$deno_l" \
  bun "$bun_c" "$bun_w" "$bun_l"
echo "acs/bun   cold $(ratio "$acs_c" "$bun_c")  warm $(ratio "$acs_w" "$bun_w")"
echo "acs/deno  cold $(ratio "$acs_c" "$deno_c")  warm $(ratio "$acs_w" "$deno_w")"
printf 'acs cold, split: %.0f ms with the packuments already cached (tarballs only),\n' "$acs_meta"
printf '  %.0f ms with the packages already unpacked (packuments only)\n' "$acs_pkgs"
echo "acs warm overhead: warm run - the same run from node_modules ($NPW runs each, interleaved)"
printf '  papaparse, date-fns, zod: %.1f - %.1f = %s ms\n' "$wa" "$la" "$(diff_ms "$wa" "$la")"
printf '  papaparse only:           %.1f - %.1f = %s ms\n' "$wp" "$lp" "$(diff_ms "$wp" "$lp")"
echo "goals: acs cold <= bun's; warm overhead <= 5 ms"
