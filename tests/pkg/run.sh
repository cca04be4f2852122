#!/usr/bin/env bash
# tests/pkg/run.sh - npm packages in `acs run`, against the fixture registry
# (registry.mjs, fixtures.mjs). Prints "ok NAME" / "FAIL NAME" (details
# indented below) and a last line "N passed, N failed"; exits 1 on a
# failure. Needs node (Node 20 or later) for the registry: without it, says
# why and skips.
#
#   ACS=path/to/acs bash tests/pkg/run.sh      (default: build/acs)
#   PKG_STALL=0 bash tests/pkg/run.sh          skip the stalled-registry
#                                              checks (they take 60-100 s)
#   STALL_LIMIT=N                              how long a stalled run may
#                                              take before it counts as hung
set -u
cd "$(dirname "$0")" || exit 1
HERE=$PWD
ACS=${ACS:-$HERE/../../${BUILD:-build}/acs}
NODE=$(command -v node || true)
if [ -z "$NODE" ]; then
  echo "skip pkg: no node to run the fixture npm registry"
  echo "0 passed, 0 failed"
  exit 0
fi
if [ ! -x "$ACS" ]; then echo "FAIL pkg: no acs at $ACS"; echo "0 passed, 1 failed"; exit 1; fi

T=$(mktemp -d /tmp/acs-pkg.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  chmod -R u+w "$T" 2>/dev/null # the package cache is read-only
  rm -rf "$T"
}
trap cleanup EXIT

# start_registry LOG [ARGS...]: a registry; sets RPORT, adds its pid to PIDS
start_registry() {
  local log=$1 portfile
  shift
  portfile=$(mktemp "$T/port.XXXXXX")
  "$NODE" "$HERE/registry.mjs" --log "$log" "$@" >"$portfile" 2>>"$T/registry.err" &
  PIDS+=($!)
  for _ in $(seq 200); do [ -s "$portfile" ] && break; sleep 0.05; done
  RPORT=$(head -1 "$portfile")
}
LOG=$T/reg.log
start_registry "$LOG"
PORT=$RPORT
if [ -z "$PORT" ]; then
  echo "FAIL pkg: the fixture registry did not start: $(head -5 "$T/registry.err")"
  echo "0 passed, 1 failed"
  exit 1
fi
REGISTRY=http://127.0.0.1:$PORT

pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() {
  echo "FAIL $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -30 | sed 's/^/     /'
  fail=$((fail + 1))
}
details() {
  printf 'exit %s\nstdout: %s\nstderr: %s\nrequests: %s' "$RC" "$(head -c 600 "$T/out")" \
    "$(head -c 600 "$T/err")" "$(head -8 "$LOG" | tr '\n' ' ')"
}

W=$T/work
CACHE=$T/cache
newcache() { CACHE=$T/cache-$1; }
newwork() { W=$T/work-$1; mkdir -p "$W"; }
newwork main

# acs_run ARGS...: `acs run --work-dir $W ARGS` with the registry and
# $CACHE; the request log starts empty. Sets RC and OUT.
acs_run() {
  cat "$LOG" >>"$T/all.log"
  : >"$LOG"
  ACS_NPM_REGISTRY=$REGISTRY ACS_CACHE_DIR=$CACHE timeout -k 5 "${RUN_TIMEOUT:-120}" \
    "$ACS" run --work-dir "$W" "$@" >"$T/out" 2>"$T/err" </dev/null
  RC=$?
  OUT=$(cat "$T/out")
}
# js FILE: the code on stdin becomes $W/FILE
js() { mkdir -p "$(dirname "$W/$1")"; cat >"$W/$1"; }

# expect_out NAME WANT: the last run exited 0 and printed exactly WANT
expect_out() {
  if [ "$RC" = 0 ] && [ "$OUT" = "$2" ]; then ok "$1"; else bad "$1" "want: $2
$(details)"; fi
}
# expect_fail NAME STATUS TEXT: exit STATUS, TEXT in stderr, and the code
# did not start (it would print RAN)
expect_fail() {
  if [ "$RC" = "$2" ] && grep -qF -- "$3" "$T/err" && ! grep -q RAN "$T/out"; then ok "$1"; else
    bad "$1" "want: exit $2 and stderr with: $3
$(details)"
  fi
}
# check NAME COMMAND...: the command decides
check() {
  local name=$1
  shift
  if "$@"; then ok "$name"; else bad "$name" "$(details)"; fi
}
logged() { grep -qF -- "$1" "$LOG"; }
not_logged() { ! grep -qF -- "$1" "$LOG"; }
no_trap() { ! grep -q '^TRAP' "$LOG"; }

# ----------------------------------------------------- stalled registries
# acs must give up on a registry that never answers (or answers a byte at
# a time) with exit 3, not hang; and SIGTERM must stop it meanwhile. These
# take a while, so they run in the background from the start (against a
# registry of their own) and are collected at the end.
STALLS=()
STALL_LIMIT=${STALL_LIMIT:-100}
stall_case() { # NAME PACKAGE [SIGNAL-AFTER-SECONDS]
  local d=$T/stall-$1 t0 pid
  mkdir -p "$d/w"
  printf 'import x from "%s";\nconsole.log("RAN");\n' "$2" >"$d/w/main.mjs"
  t0=$(date +%s)
  ACS_NPM_REGISTRY=$STALL_REGISTRY ACS_CACHE_DIR=$d/cache timeout -k 5 "$STALL_LIMIT" \
    "$ACS" run --work-dir "$d/w" main.mjs >"$d/out" 2>"$d/err" </dev/null &
  pid=$!
  if [ -n "${3:-}" ]; then
    sleep "$3"
    # the acs under timeout: SIGTERM it as an operator would
    pkill -TERM -P "$pid" 2>/dev/null
    t0=$(date +%s)
  fi
  wait "$pid"
  echo "$? $(($(date +%s) - t0))" >"$d/result"
}
if [ "${PKG_STALL:-1}" != 0 ]; then
  start_registry "$T/stall.log"
  STALL_REGISTRY=http://127.0.0.1:$RPORT
  for s in "stall:evil-stall" "trickle:evil-trickle" "stall-tarball:evil-stall-tarball"; do
    stall_case "${s%%:*}" "${s#*:}" 2>/dev/null & # (no "Killed" notices)
    PIDS+=($!)
    STALLS+=("${s%%:*}:${s#*:}")
  done
  stall_case sigterm evil-stall 2 2>/dev/null &
  PIDS+=($!)
fi

# ================================================================ the registry itself
# The real npm client must accept the fixtures: well-formed packuments and
# tarballs, so that what acs is tested against is what npm would see.
if command -v npm >/dev/null 2>&1; then
  d=$T/npm
  mkdir -p "$d"
  echo '{"name":"npm-check","version":"1.0.0","private":true}' >"$d/package.json"
  (cd "$d" && timeout -k 5 180 npm install --registry "$REGISTRY" --cache "$d/.npm-cache" --no-audit --no-fund \
    --ignore-scripts --loglevel=error fx-chain-a fx-dia-top @fx/scoped-dep fx-exports fx-esm fx-opt-user \
    fx-alias-user fx-peer-plugin 'fx-deprecated@^1') >"$d/log" 2>&1
  RC=$?
  OUT=$(cd "$d" && "$NODE" -e 'const r = require; console.log(r("fx-chain-a").chain, r("fx-dia-top").summary,
    r("@fx/scoped-dep").scoped, r("fx-opt-user").loaded.join(","), r("fx-alias-user").aliased,
    r("fx-peer-plugin").hostVersion, r("fx-deprecated").version)' 2>&1)
  : >"$LOG" # npm's own requests do not count below
  check "npm itself installs the fixtures (exit $RC) and Node loads them as acs should" [ "$OUT" = \
    "a@1.0.0>b@1.1.0>c@1.0.0>d@1.3.0>e@1.0.2 left:1.2.0 mid:1.2.0 right:2.1.0 left-mid-same:true 1.0.0 fx-opt-linux 1.4.0 2.3.0 1.0.0" ]
else
  echo "skip pkg/npm-client: no npm to check the fixture registry with"
fi

# ================================================================ versions
newcache resolve

js main.mjs <<'EOF'
import r from "fx-ranges";
console.log(r.version);
EOF
acs_run main.mjs
expect_out "bare name: the latest tag (2.0.0), not the highest version (2.1.0)" "2.0.0"
check "the packument was fetched as /fx-ranges and the tarball from dist.tarball" \
  sh -c "grep -qx 'GET /fx-ranges' '$LOG' && grep -qx 'GET /fx-ranges/-/fx-ranges-2.0.0.tgz' '$LOG'"
check "only the chosen version's tarball is downloaded" sh -c "[ \$(grep -c '\.tgz' '$LOG') = 1 ]"

npm_version() { # NAME SPEC WANT
  printf 'import r from "npm:fx-ranges@%s";\nconsole.log(r.version);\n' "$2" | js main.mjs
  acs_run main.mjs
  expect_out "$1" "$3"
}
npm_version "npm: caret range ^1 -> 1.4.0 (not the prerelease 1.5.0-beta.1)" "^1" "1.4.0"
npm_version "npm: tilde range ~1.2.0 -> 1.2.5" "~1.2.0" "1.2.5"
npm_version "npm: partial version 1.1 -> 1.1.0" "1.1" "1.1.0"
npm_version "npm: x-range 1.2.x -> 1.2.5" "1.2.x" "1.2.5"
npm_version "npm: exact version 1.0.0" "1.0.0" "1.0.0"
npm_version "npm: dist-tag next -> 3.0.0-rc.1" "next" "3.0.0-rc.1"
npm_version "npm: dist-tag latest -> 2.0.0" "latest" "2.0.0"
npm_version "npm: prerelease range ^1.5.0-beta.0 -> 1.5.0-beta.1" "^1.5.0-beta.0" "1.5.0-beta.1"
npm_version "npm: ^2 picks the latest tag 2.0.0 when it satisfies (as npm does)" "^2" "2.0.0"
npm_version "npm: hyphen range 1.0.0 - 1.2.0 -> 1.2.0" "1.0.0 - 1.2.0" "1.2.0"

js main.mjs <<'EOF'
import r from "npm:fx-ranges@^9";
console.log("RAN", r.version);
EOF
acs_run main.mjs
expect_fail "no version in range: exit 1 and the message for the model" 1 'No version of "fx-ranges" satisfies "^9".'

js main.mjs <<'EOF'
import x from "fx-nope";
console.log("RAN", x);
EOF
acs_run main.mjs
expect_fail "a package not in the registry: exit 1 and the message for the model" 1 'Package "fx-nope" is not in the npm registry.'

js main.mjs <<'EOF'
import x from "fx-nope";
console.log("RAN", x);
EOF
acs_run --json main.mjs
check "--json: a missing package is reported in the JSON" sh -c "[ $RC = 1 ] && grep -qF 'is not in the npm registry' '$T/out'"

js main.mjs <<'EOF'
import d from "npm:fx-deprecated@^1";
console.log(d.version);
EOF
acs_run main.mjs
expect_out "a deprecated version is avoided when another satisfies (^1 -> 1.0.0, not 1.1.0)" "1.0.0"

js main.mjs <<'EOF'
import d from "npm:fx-deprecated@~1.1.0";
console.log(d.version);
EOF
acs_run main.mjs
expect_out "a deprecated version is used when it is the only one in range" "1.1.0"

# ================================================================ trees
js main.mjs <<'EOF'
import r from "fx-ranges";
import u from "fx-range-user";
console.log(r.version, u.deps["fx-ranges"].version);
EOF
acs_run main.mjs
expect_out "a dependency range '1.0.x || 1.1.x' next to the root's latest (two copies)" "2.0.0 1.1.0"

js main.mjs <<'EOF'
import a from "fx-chain-a";
console.log(a.chain);
EOF
acs_run main.mjs
expect_out "a deep chain a->b->c->d->e, each at its range's best version" "a@1.0.0>b@1.1.0>c@1.0.0>d@1.3.0>e@1.0.2"

js main.mjs <<'EOF'
import top from "fx-dia-top";
console.log(top.summary);
EOF
acs_run main.mjs
expect_out "a diamond: left and mid share one fx-dia-shared 1.2.0, right gets 2.1.0" \
  "left:1.2.0 mid:1.2.0 right:2.1.0 left-mid-same:true"

js main.mjs <<'EOF'
import s from "fx-dia-shared";
import top from "fx-dia-top";
console.log(s.version, top.summary, top.right.shared === s);
EOF
acs_run main.mjs
expect_out "a diamond under a root fx-dia-shared@2.1.0: right shares the root's copy; left and mid each get a nested 1.2.0 (as npm lays it out)" \
  "2.1.0 left:1.2.0 mid:1.2.0 right:2.1.0 left-mid-same:false true"

js main.mjs <<'EOF'
import a from "fx-cycle-a";
import b from "fx-cycle-b";
console.log(a.other(), b.other());
EOF
acs_run main.mjs
expect_out "a dependency cycle a->b->a resolves" "b1 a1"

# ================================================================ peers, optional
js main.mjs <<'EOF'
import host from "fx-peer-host";
import plugin from "fx-peer-plugin";
console.log(plugin.hostVersion, plugin.host === host);
EOF
acs_run main.mjs
expect_out "a peer dependency is satisfied by the root's copy (one instance)" "2.3.0 true"

js main.mjs <<'EOF'
import plugin from "fx-peer-plugin";
console.log(plugin.hostVersion);
EOF
acs_run main.mjs
expect_out "a peer dependency nobody else brings is installed (npm 7+)" "2.3.0"

js main.mjs <<'EOF'
import p from "fx-peer-optional";
console.log(p.absent);
EOF
acs_run main.mjs
expect_out "an optional peer nobody asks for is not installed" "absent"
check "... and its tarball is not downloaded" not_logged "fx-peer-absent-1.0.0.tgz"

js main.mjs <<'EOF'
import u from "fx-opt-user";
console.log("loaded:" + u.loaded.join(","));
EOF
acs_run main.mjs
expect_out "optional deps: linux-only kept; win32, mips, !linux, missing and native ones skipped" "loaded:fx-opt-linux"
check "... the tarballs for other systems are not downloaded" \
  sh -c "! grep -qE 'fx-opt-(win|mips|notlinux)-1.0.0.tgz' '$LOG'"

js main.mjs <<'EOF'
import u from "fx-native-user";
console.log("loaded:" + u.loaded.join(","));
EOF
acs_run main.mjs
expect_out "a native addon as an optional dependency: the run goes on without it" "loaded:"

js main.mjs <<'EOF'
import n from "fx-native";
console.log("RAN", typeof n);
EOF
acs_run main.mjs
expect_fail "a native addon imported directly: exit 1, a message for the model" 1 'Package "fx-native"'
check "... that says why" grep -q 'native addon' "$T/err"

# ================================================================ scoped
js main.mjs <<'EOF'
import s from "@fx/scoped";
import sub from "@fx/scoped/sub.js";
import d from "@fx/scoped-dep";
console.log(s.version, sub.sub, d.scoped);
EOF
acs_run main.mjs
expect_out "scoped packages: root @fx/scoped 1.1.0, a subpath, and a nested ~1.0.0 under @fx/scoped-dep" \
  "1.1.0 scoped-sub 1.1.0 1.0.0"
check "... the scoped packument is asked for as /@fx%2fscoped or /@fx/scoped" \
  sh -c "grep -qiE '^GET /@fx(%2f|/)scoped\$' '$LOG'"

js main.mjs <<'EOF'
import sub from "npm:@fx/scoped@1.0.0/sub.js";
console.log(sub.sub);
EOF
acs_run main.mjs
expect_out "npm: a scoped package with a version and a subpath" "scoped-sub 1.0.0"

# ================================================================ module formats
js main.mjs <<'EOF'
import d, { kind } from "fx-exports";
import { feature } from "fx-exports/feature";
import a from "fx-exports/utils/a";
console.log(kind, d, feature, a);
EOF
acs_run main.mjs
expect_out "exports map: the import condition, a conditional subpath, a subpath pattern" "esm esm-default feature-esm util-a"

js main.cjs <<'EOF'
const m = require("fx-exports");
console.log(m.kind, require("fx-exports/feature").feature, require("fx-exports/utils/a"));
EOF
acs_run main.cjs
expect_out "exports map: the require condition from a CommonJS entry" "cjs feature-cjs util-a"

js main.mjs <<'EOF'
import "fx-exports";
for (const s of ["fx-exports/hidden.js", "fx-exports/utils/private/x"]) {
  try { await import(s); console.log("LOADED"); } catch (e) { console.log(e.code); }
}
EOF
acs_run main.mjs
expect_out "exports map: paths it does not export, and a null pattern, are refused" \
  "ERR_PACKAGE_PATH_NOT_EXPORTED
ERR_PACKAGE_PATH_NOT_EXPORTED"

js main.mjs <<'EOF'
import def, { hello } from "fx-esm";
console.log(hello(), def.kind);
EOF
acs_run main.mjs
expect_out "a pure ESM package (type: module, relative imports inside)" "ESM-HELLO esm"

js main.mjs <<'EOF'
import c, { hello } from "fx-cjs";
import e, { named } from "fx-cjs-esmodule";
console.log(hello(), c.version, e.default, named);
EOF
acs_run main.mjs
expect_out "CommonJS interop: default and named imports, __esModule as in Node" "cjs-hello 1.0.0 dflt nmd"

js main.mjs <<'EOF'
import m from "fx-main-only";
import n from "fx-main-noext";
import o from "fx-odd-root";
console.log(m.where, n.where, o.root);
EOF
acs_run main.mjs
expect_out "main only, main without extension, a tarball whose top dir is not package/" "main-entry main-noext odd-root-ok"

js main.mjs <<'EOF'
import u from "fx-alias-user";
console.log(u.aliased);
EOF
acs_run main.mjs
expect_out "a dependency alias (\"fx-aliased\": \"npm:fx-ranges@^1\")" "1.4.0"

js main.ts <<'EOF'
import { hello } from "fx-esm";
const s: string = hello();
console.log(s);
EOF
acs_run main.ts
expect_out "a TypeScript entry importing a package" "ESM-HELLO"

js lib/helper.mjs <<'EOF'
export { hello } from "fx-cjs";
export const fromEsm = async () => (await import("fx-esm")).hello();
EOF
js main.mjs <<'EOF'
import { hello, fromEsm } from "./lib/helper.mjs";
console.log(hello(), await fromEsm());
EOF
acs_run main.mjs
expect_out "the scan follows relative files, re-exports and literal import()" "cjs-hello ESM-HELLO"

js main.cjs <<'EOF'
console.log(require("fx-cjs").hello());
EOF
acs_run main.cjs
expect_out "require() in a CommonJS entry" "cjs-hello"

: >"$LOG"
ACS_NPM_REGISTRY=$REGISTRY ACS_CACHE_DIR=$CACHE timeout -k 5 120 "$ACS" run \
  -c 'import { hello } from "fx-cjs"; console.log(hello());' >"$T/out" 2>"$T/err" </dev/null
RC=$? OUT=$(cat "$T/out")
expect_out "acs run -c CODE (a temporary work dir) with a package" "cjs-hello"

js main.mjs <<'EOF'
import m from "fx-modes";
console.log(m.alias);
EOF
acs_run main.mjs
check "a link inside the package is kept or dropped, never fatal" sh -c "[ $RC = 0 ] && { [ '$OUT' = inside-link-ok ] || [ '$OUT' = no-link ]; }"
check "no setuid/setgid or group/world-writable file lands in the cache" \
  sh -c "[ -z \"\$(find '$CACHE' -type f -perm /6022 2>/dev/null)\" ]"
check "the cache holds meta/ and pkgs/" sh -c "[ -d '$CACHE/meta' ] && [ -d '$CACHE/pkgs' ]"

# ================================================================ allowlist
newcache allow
allow_version() { # NAME WANT ALLOW-FLAGS...
  local name=$1 want=$2
  shift 2
  printf 'import r from "fx-ranges";\nconsole.log(r.version);\n' | js main.mjs
  acs_run "$@" main.mjs
  expect_out "$name" "$want"
}
allow_version "--allow-package fx-ranges@1: the best 1.x (1.4.0), not latest 2.0.0" 1.4.0 --allow-package fx-ranges@1
allow_version "--allow-package fx-ranges@^1.2.0 -> 1.4.0" 1.4.0 --allow-package 'fx-ranges@^1.2.0'
allow_version "--allow-package fx-ranges@~1.2.0 -> 1.2.5" 1.2.5 --allow-package 'fx-ranges@~1.2.0'
allow_version "--allow-package twice for one name: the union (1.0.0 or 1.1.0 -> 1.1.0)" 1.1.0 \
  --allow-package fx-ranges@1.0.0 --allow-package fx-ranges@1.1.0
allow_version "--allow-package fx-ranges (no range): latest" 2.0.0 --allow-package fx-ranges

js main.mjs <<'EOF'
import { hello } from "fx-cjs";
import { hello as h2 } from "fx-esm";
console.log(hello(), h2());
EOF
acs_run --allow-package fx-cjs --allow-package fx-esm main.mjs
expect_out "several --allow-package entries" "cjs-hello ESM-HELLO"

js main.mjs <<'EOF'
import { hello } from "fx-cjs";
import { hello as h2 } from "fx-esm";
console.log("RAN", hello(), h2());
EOF
acs_run --allow-package fx-cjs main.mjs
expect_fail "a package not on the list: exit 1, the message names the list" 1 'Package "fx-esm" is not allowed; allowed: fx-cjs.'
check "... and nothing is fetched for it" not_logged "/fx-esm"

acs_run --allow-package fx-ranges@1 --allow-package fx-cjs main.mjs
expect_fail "the refusal lists the entries with their ranges" 1 'Package "fx-esm" is not allowed; allowed: fx-ranges@1, fx-cjs.'

js main.mjs <<'EOF'
import a from "fx-chain-a";
console.log(a.chain);
EOF
acs_run --allow-package fx-chain-a main.mjs
expect_out "the dependencies of an allowed package need no entry" "a@1.0.0>b@1.1.0>c@1.0.0>d@1.3.0>e@1.0.2"

js main.mjs <<'EOF'
import p from "fx-peer-plugin";
console.log(p.hostVersion);
EOF
acs_run --allow-package fx-peer-plugin main.mjs
expect_out "the peer dependency of an allowed package needs no entry" "2.3.0"

js main.mjs <<'EOF'
import s from "@fx/scoped";
console.log(s.version);
EOF
acs_run --allow-package '@fx/scoped@~1.0.0' main.mjs
expect_out "--allow-package @fx/scoped@~1.0.0 -> 1.0.0" "1.0.0"

js main.mjs <<'EOF'
import r from "npm:fx-ranges@~1.2.0";
console.log(r.version);
EOF
acs_run --allow-package fx-ranges@1 main.mjs
expect_out "an npm: range inside the allowed range" "1.2.5"

js main.mjs <<'EOF'
import r from "npm:fx-ranges@^2";
console.log("RAN", r.version);
EOF
acs_run --allow-package fx-ranges@1 main.mjs
check "an npm: range outside the allowed range: exit 1, the run does not start" \
  sh -c "[ $RC = 1 ] && grep -q fx-ranges '$T/err' && ! grep -q RAN '$T/out'"

js main.mjs <<'EOF'
import { hello } from "fx-cjs";
console.log("RAN", hello());
EOF
acs_run --no-packages main.mjs
expect_fail "--no-packages: a package import is refused" 1 "fx-cjs"
check "... before any request" sh -c "[ ! -s '$LOG' ]"

js main.mjs <<'EOF'
console.log("plain");
EOF
acs_run --no-packages main.mjs
expect_out "--no-packages: code without packages runs" "plain"

for spec in FX-CJS ../x 'fx-cjs@^^1' '@fx' '@fx/../x'; do
  acs_run --allow-package "$spec" main.mjs
  check "--allow-package '$spec' is a configuration error (exit 2)" sh -c "[ $RC = 2 ] && [ ! -s '$LOG' ]"
done

# ================================================================ the cache
newcache warm
js main.mjs <<'EOF'
import top from "fx-dia-top";
import a from "fx-chain-a";
console.log(top.summary, a.chain);
EOF
acs_run main.mjs
FIRST=$OUT
check "cold run: packuments and tarballs are fetched" sh -c "[ $RC = 0 ] && grep -q 'fx-dia-top-1.0.0.tgz' '$LOG'"
acs_run main.mjs
check "warm run: same output, no request to the registry" sh -c "[ $RC = 0 ] && [ \"\$1\" = \"\$2\" ] && [ ! -s '$LOG' ]" _ "$OUT" "$FIRST"
acs_run --allow-package fx-dia-top --allow-package fx-chain-a main.mjs
check "warm run with an allowlist: no request" sh -c "[ $RC = 0 ] && [ ! -s '$LOG' ]"

js main.mjs <<'EOF'
import m from "fx-esm";
console.log(m.kind);
EOF
acs_run --allow-package fx-esm main.mjs
js main.mjs <<'EOF'
import { hello } from "fx-cjs";
const n = ["fx", "esm"].join("-");
try { await import(n); console.log("IMPORTED"); } catch (e) { console.log("refused"); }
EOF
acs_run --allow-package fx-cjs main.mjs
expect_out "a package cached by an earlier run but not allowed now is refused" "refused"
js main.mjs <<'EOF'
import m from "fx-esm";
console.log("RAN", m.kind);
EOF
acs_run --allow-package fx-cjs main.mjs
expect_fail "... also when imported statically" 1 'Package "fx-esm" is not allowed; allowed: fx-cjs.'

# two cold runs at once share the downloads
newcache concurrent
js main.mjs <<'EOF'
import top from "fx-dia-top";
console.log(top.summary);
EOF
: >"$LOG"
for i in 1 2 3; do
  ACS_NPM_REGISTRY=$REGISTRY ACS_CACHE_DIR=$CACHE timeout -k 5 120 "$ACS" run --work-dir "$W" main.mjs \
    >"$T/out.$i" 2>"$T/err.$i" </dev/null &
  eval "P$i=\$!"
done
wait "$P1"; R1=$?; wait "$P2"; R2=$?; wait "$P3"; R3=$?
RC="$R1 $R2 $R3" OUT=$(cat "$T/out.1" "$T/out.2" "$T/out.3")
three_ok() {
  [ "$RC" = "0 0 0" ] && [ "$(cat "$T/out.1" "$T/out.2" "$T/out.3" | grep -c 'left:1.2.0 mid:1.2.0 right:2.1.0')" = 3 ]
}
check "three cold runs at once all succeed" three_ok
check "... and each tarball is downloaded once" sh -c "[ \$(grep -c 'fx-dia-top-1.0.0.tgz' '$LOG') = 1 ] && [ \$(grep -c 'fx-dia-shared-1.2.0.tgz' '$LOG') = 1 ]"

check "packuments are asked for in the abbreviated form (Accept: application/vnd.npm.install-v1+json)" \
  sh -c "! grep -q NO-CORGI-ACCEPT '$LOG' '$T/all.log'"

# revalidation and offline use, against a registry whose max-age is 1 s
# (a second request differs from the first, so that no resolved tree
# acs may keep for the first request is reused)
start_registry "$T/short.log" --max-age 1
SHORT_PID=${PIDS[${#PIDS[@]}-1]}
if [ -n "$RPORT" ]; then
  SHORT=http://127.0.0.1:$RPORT
  newcache maxage
  js one.mjs <<'EOF'
import { hello } from "fx-cjs";
console.log(hello());
EOF
  js two.mjs <<'EOF'
import { hello } from "fx-cjs";
import { hello as h2 } from "fx-esm";
console.log(hello(), h2());
EOF
  js three.mjs <<'EOF'
import { hello } from "fx-cjs";
import { hello as h2 } from "fx-esm";
import r from "fx-ranges";
console.log(hello(), h2(), r.version);
EOF
  short_run() { # REGISTRY FILE
    : >"$T/short.log"
    ACS_NPM_REGISTRY=$1 ACS_CACHE_DIR=$CACHE timeout -k 5 120 "$ACS" run --work-dir "$W" "$2" \
      >"$T/out" 2>"$T/err" </dev/null
    RC=$? OUT=$(cat "$T/out")
  }
  short_run "$SHORT" one.mjs
  short_run "$SHORT" three.mjs
  sleep 2
  short_run "$SHORT" two.mjs
  check "past max-age a packument is revalidated with If-None-Match (304), its tarball not fetched again" \
    sh -c "[ $RC = 0 ] && grep -qx '304 /fx-cjs' '$T/short.log' && ! grep -q 'fx-cjs-1.0.0.tgz' '$T/short.log'"
  kill "$SHORT_PID" 2>/dev/null
  sleep 2
  short_run "$SHORT" one.mjs
  expect_out "registry gone: a run made before works again" "cjs-hello"
  js two.mjs <<'EOF'
import { hello as h2 } from "fx-esm";
import r from "fx-ranges";
console.log(h2(), r.version);
EOF
  short_run "$SHORT" two.mjs
  expect_out "registry gone: a new request from stale cached packuments and packages" "ESM-HELLO 2.0.0"
  newcache offline
  short_run "$SHORT" one.mjs
  check "registry gone and nothing cached: exit 3, the message names the package" \
    sh -c "[ $RC = 3 ] && grep -q fx-cjs '$T/err'"
else
  bad "the registry with --max-age 1 did not start"
fi

# ================================================================ the work dir's node_modules
newcache workdir
newwork local
mkdir -p "$W/node_modules/fx-local" "$W/node_modules/fx-cjs"
printf '{"name":"fx-local","version":"1.0.0"}\n' >"$W/node_modules/fx-local/package.json"
printf 'module.exports = "local-pkg";\n' >"$W/node_modules/fx-local/index.js"
printf '{"name":"fx-cjs","version":"0.0.1"}\n' >"$W/node_modules/fx-cjs/package.json"
printf 'exports.hello = () => "local-hello";\n' >"$W/node_modules/fx-cjs/index.js"
js main.mjs <<'EOF'
import l from "fx-local";
import { hello } from "fx-cjs";
console.log(l, hello());
EOF
acs_run main.mjs
expect_out "packages in the work dir's node_modules are used as they are" "local-pkg local-hello"
check "... without asking the registry" sh -c "[ ! -s '$LOG' ]"
acs_run --allow-package fx-cjs main.mjs
expect_fail "... but not when the allowlist leaves them out" 1 '"fx-local" is not allowed'
newwork main

# ================================================================ scripts
newcache scripts
rm -f /tmp/acs-fx-postinstall-ran
js main.mjs <<'EOF'
import p from "fx-postinstall";
console.log(p.installed);
EOF
acs_run main.mjs
expect_out "a package with install scripts loads" "postinstall-pkg-loaded"
check "... and none of its scripts ran" sh -c "[ ! -e /tmp/acs-fx-postinstall-ran ] && [ ! -e '$W/POSTINSTALL-RAN' ] &&
  [ -z \"\$(find '$CACHE' -name POSTINSTALL-RAN)\" ]"

# ================================================================ time limits
newcache slow
js main.mjs <<'EOF'
import s from "fx-slow";
console.log(s.slow);
EOF
acs_run --timeout-ms 1000 main.mjs
expect_out "--timeout-ms 1000 with a 2.5 s tarball download: the download does not count" "slow-ok"

SLOWLOG=$T/slow.log
start_registry "$SLOWLOG" --delay 600
if [ -n "$RPORT" ]; then
  newcache slowreg
  js main.mjs <<'EOF'
import a from "fx-chain-a";
console.log(a.chain);
EOF
  ACS_NPM_REGISTRY=http://127.0.0.1:$RPORT ACS_CACHE_DIR=$CACHE timeout -k 5 120 "$ACS" run --work-dir "$W" \
    --timeout-ms 2000 main.mjs >"$T/out" 2>"$T/err" </dev/null
  RC=$? OUT=$(cat "$T/out")
  expect_out "--timeout-ms 2000 with a registry answering in 0.6 s (10 requests): not counted" \
    "a@1.0.0>b@1.1.0>c@1.0.0>d@1.3.0>e@1.0.2"
else
  bad "the slow registry did not start"
fi

js main.mjs <<'EOF'
import { hello } from "fx-cjs";
console.log(hello());
for (;;) {}
EOF
acs_run --timeout-ms 700 main.mjs
check "the time limit still stops the code itself (exit 124)" sh -c "[ $RC = 124 ] && grep -q cjs-hello '$T/out'"

# ================================================================ attacks, briefly
# (tests/security/pkg-* has the full set; these make sure the fixture
# registry's attacks reach acs the same way here)
newcache attacks
for pkg in evil-dotdot evil-symlink-etc evil-integrity evil-redirect-http evil-tarball-trap; do
  printf 'import x from "%s";\nconsole.log("RAN");\n' "$pkg" | js main.mjs
  acs_run main.mjs
  check "$pkg: exit 3, the message names it, the trap is untouched" \
    sh -c "[ $RC = 3 ] && grep -q '$pkg' '$T/err' && ! grep -q RAN '$T/out' && ! grep -q '^TRAP' '$LOG' &&
      ! ls /tmp/acs-fx-* >/dev/null 2>&1"
done

# ================================================================ stalls
if [ "${#STALLS[@]}" -gt 0 ]; then
  for s in "${STALLS[@]}"; do
    name=${s%%:*} pkg=${s#*:}
    d=$T/stall-$name
    while [ ! -s "$d/result" ]; do sleep 1; done
    read -r rc secs <"$d/result"
    what="a registry that stalls ($name: $pkg) is given up on with exit 3"
    if [ "$rc" = 3 ] && grep -q "$pkg" "$d/err"; then
      ok "$what (after ${secs}s)"
    elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
      bad "$what" "acs was still waiting after ${secs}s and was killed (timeout -k 5 $STALL_LIMIT, exit $rc); stderr: $(head -c 300 "$d/err")"
    else
      bad "$what" "exit $rc after ${secs}s; stdout: $(head -c 300 "$d/out"); stderr: $(head -c 300 "$d/err")"
    fi
  done
  d=$T/stall-sigterm
  while [ ! -s "$d/result" ]; do sleep 1; done
  read -r rc secs <"$d/result"
  if [ "$secs" -le 10 ] && [ "$rc" != 0 ]; then
    ok "SIGTERM stops acs while it waits for the registry (exit $rc after ${secs}s)"
  else
    bad "SIGTERM stops acs while it waits for the registry" "SIGTERM sent 2 s into a stalled packument request; acs exited $rc ${secs}s later; stderr: $(head -c 300 "$d/err")"
  fi
else
  echo "skip pkg/stalls: PKG_STALL=0"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
