#!/usr/bin/env bash
# tests/pkg/online.sh - npm packages in `acs run` against the real registry
# (registry.npmjs.org), with a fresh cache. Opt-in (`make test-online`), not
# part of `make test`: it needs the internet. Prints "ok NAME" / "FAIL NAME"
# (details indented below) and a last line "N passed, N failed"; exits 1 on
# a failure. When the registry cannot be reached, says why and skips.
#
#   ACS=path/to/acs bash tests/pkg/online.sh    (default: $BUILD/acs, build/acs)
set -u
cd "$(dirname "$0")" || exit 1
HERE=$PWD
ACS=${ACS:-$HERE/../../${BUILD:-build}/acs}
if [ ! -x "$ACS" ]; then echo "FAIL pkg-online: no acs at $ACS"; echo "0 passed, 1 failed"; exit 1; fi

unset ACS_NPM_REGISTRY AGENT_CODE_SANDBOX_CACHE_DIR
REAL=https://registry.npmjs.org
if ! command -v curl >/dev/null 2>&1; then
  echo "skip pkg-online: no curl to check that $REAL can be reached"
  echo "0 passed, 0 failed"
  exit 0
fi
curl -sf -m 5 -o /dev/null "$REAL/papaparse"
rc=$?
if [ "$rc" != 0 ]; then
  echo "skip pkg-online: $REAL cannot be reached (curl -sf -m 5 $REAL/papaparse: exit $rc)"
  echo "0 passed, 0 failed"
  exit 0
fi

T=$(mktemp -d /tmp/acs-pkg-online.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  chmod -R u+w "$T" 2>/dev/null # the package cache is read-only
  rm -rf "$T"
}
trap cleanup EXIT
export ACS_CACHE_DIR=$T/cache # fresh: the first run downloads everything

pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() {
  echo "FAIL $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -30 | sed 's/^/     /'
  fail=$((fail + 1))
}
details() {
  printf 'exit %s after %s ms\nstdout: %s\nstderr: %s' "$RC" "$MS" "$(head -c 600 "$T/out")" "$(head -c 600 "$T/err")"
}
now_ms() { date +%s%3N; }

# acs_run ARGS...: `acs run ARGS` with the environment as it is; sets RC,
# OUT, ERR and MS (wall time).
acs_run() {
  local t0
  t0=$(now_ms)
  timeout -k 5 "${RUN_TIMEOUT:-180}" "$ACS" run "$@" >"$T/out" 2>"$T/err" </dev/null
  RC=$?
  MS=$(($(now_ms) - t0))
  OUT=$(cat "$T/out") ERR=$(cat "$T/err")
}
# expect_out NAME WANT: the last run exited 0 and printed exactly WANT
expect_out() {
  if [ "$RC" = 0 ] && [ "$OUT" = "$2" ]; then ok "$1"; else bad "$1" "want: $2
$(details)"; fi
}
# expect_fail NAME TEXT: exit 1, TEXT in stderr, and the code did not
# start (it would print RAN)
expect_fail() {
  if [ "$RC" = 1 ] && grep -qF -- "$2" "$T/err" && ! grep -q RAN "$T/out"; then ok "$1"; else
    bad "$1" "want: exit 1 and stderr with: $2
$(details)"
  fi
}

PAPA='import Papa from "papaparse"; console.log(Papa.parse("a,b\n1,2").data)'
ROWS="[ [ 'a', 'b' ], [ '1', '2' ] ]"

# (a) a cold run: packument and tarball from the registry
T_A=$(date +%s)
acs_run -c "$PAPA"
COLD_MS=$MS
expect_out "(a) import Papa from \"papaparse\" from the real registry (cold cache, ${MS} ms)" "$ROWS"
check_cache() { [ -d "$ACS_CACHE_DIR/meta" ] && [ -d "$ACS_CACHE_DIR/pkgs" ]; }
if check_cache; then ok "(a) ... the package landed in ACS_CACHE_DIR"; else
  bad "(a) ... the package landed in ACS_CACHE_DIR" "$(find "$ACS_CACHE_DIR" -maxdepth 2 2>&1 | head)"; fi

# (b) with an allowlist entry and a range
acs_run --allow-package papaparse@5 -c "$PAPA"
expect_out "(b) the same with --allow-package papaparse@5" "$ROWS"

# (c) date-fns: ESM with an exports map (local time on both sides)
acs_run -c 'import { format } from "date-fns"; console.log(format(new Date(2024, 5, 15, 13, 4), "yyyy-MM-dd HH:mm"))'
expect_out "(c) import { format } from \"date-fns\"" "2024-06-15 13:04"

# (d) the allowlist refuses a package, even one in the cache since (a)
acs_run --allow-package date-fns -c 'import Papa from "papaparse"; console.log("RAN", Papa.parse("x").data)'
expect_fail "(d) --allow-package date-fns, importing papaparse: exit 1, the run does not start" \
  'Package "papaparse" is not allowed; allowed: date-fns.'

# (e) a name the registry does not know (its binding is used: in code,
# which is also TypeScript, an import nothing uses is dropped)
acs_run -c 'import x from "lodahs-not-a-real-pkg-xyz"; console.log("RAN", x)'
expect_fail "(e) import x from \"lodahs-not-a-real-pkg-xyz\": exit 1" \
  'Package "lodahs-not-a-real-pkg-xyz" is not in the npm registry.'
mkdir -p "$T/w"
printf 'import x from "lodahs-not-a-real-pkg-xyz";\nconsole.log("RAN");\n' >"$T/w/main.mjs"
acs_run --work-dir "$T/w" main.mjs
expect_fail "(e) ... the same from a .mjs file, x unused" 'main.mjs:1: Package "lodahs-not-a-real-pkg-xyz" is not in the npm registry.'

# (f) (a) again, within the registry's max-age (300 s) of the first: from
# the cache alone, fast, without a single request. The registry stays the
# same (the cache is kept per registry: with ACS_NPM_REGISTRY pointing
# elsewhere, even at a dead address, nothing cached applies); the way out
# is cut instead, with HTTPS_PROXY (which acs respects for npm) at a dead
# address, at a listener that counts connections, and (where unshare -n
# works) with no network at all.
AGE=$(($(date +%s) - T_A))
unset NO_PROXY no_proxy ALL_PROXY all_proxy
via_proxy() { # PROXY-URL ARGS...: acs_run through that proxy
  local proxy=$1
  shift
  HTTPS_PROXY=$proxy https_proxy=$proxy acs_run "$@"
}
via_proxy http://127.0.0.1:9 -c "$PAPA"
expect_out "(f) (a) again ${AGE} s later with HTTPS_PROXY=http://127.0.0.1:9 (dead): from the cache (${MS} ms, cold was ${COLD_MS} ms)" "$ROWS"
if [ "$RC" = 0 ] && [ "$MS" -lt 5000 ]; then ok "(f) ... and fast (${MS} ms < 5000 ms)"; else
  bad "(f) ... and fast" "$(details)"; fi
NODE=$(command -v node || true)
if [ -n "$NODE" ]; then
  "$NODE" -e '
    const fs = require("fs");
    const s = require("net").createServer((c) => {
      fs.appendFileSync(process.argv[1], "connection\n");
      c.once("data", (d) => fs.appendFileSync(process.argv[1], d.toString().split("\r\n")[0] + "\n"));
      setTimeout(() => c.destroy(), 100);
    });
    s.listen(0, "127.0.0.1", () => console.log(s.address().port));' "$T/conns" >"$T/listen.port" 2>/dev/null &
  PIDS+=($!)
  for _ in $(seq 100); do [ -s "$T/listen.port" ] && break; sleep 0.05; done
  LPORT=$(head -1 "$T/listen.port")
  if [ -n "$LPORT" ]; then
    for allow in "" papaparse@5; do
      via_proxy "http://127.0.0.1:$LPORT" ${allow:+--allow-package "$allow"} -c "$PAPA"
      what="(f) ... ${allow:+with --allow-package $allow, }no request at all (HTTPS_PROXY at a listener on 127.0.0.1:$LPORT: none)"
      if [ "$RC" = 0 ] && [ "$OUT" = "$ROWS" ] && [ ! -s "$T/conns" ]; then ok "$what"; else
        bad "$what" "the listener saw: $(head -5 "$T/conns" 2>/dev/null | tr '\n' ' ')
$(details)"
      fi
    done
    # the listener is on the way out: a package not in the cache goes to it
    via_proxy "http://127.0.0.1:$LPORT" -c 'import ms from "ms"; console.log("RAN", ms(1000))'
    if [ "$RC" != 0 ] && grep -q '^CONNECT registry.npmjs.org:443' "$T/conns"; then
      ok "(f) ... (and the listener does see a package not in the cache: CONNECT registry.npmjs.org:443)"
    else
      bad "(f) ... (and the listener does see a package not in the cache)" "the listener saw: $(head -5 "$T/conns" 2>/dev/null | tr '\n' ' ')
$(details)"
    fi
  else
    echo "skip pkg-online/(f) request count: the listener did not start"
  fi
else
  echo "skip pkg-online/(f) request count: no node for the listener"
fi
if unshare -n true 2>/dev/null; then
  t0=$(now_ms)
  timeout -k 5 60 unshare -n "$ACS" run -c "$PAPA" >"$T/out" 2>"$T/err" </dev/null
  RC=$? MS=$(($(now_ms) - t0)) OUT=$(cat "$T/out")
  expect_out "(f) ... and with no network at all (unshare -n, ${MS} ms)" "$ROWS"
else
  echo "skip pkg-online/(f) no network at all: unshare -n is not permitted here"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
