#!/usr/bin/env bash
# tests/run.sh - the one runner behind `make test`: C unit tests (Criterion),
# JS behaviour tests (tests/js), CLI end-to-end tests (tests/e2e) and the
# API-layer checks against Node (tests/lib). Prints one closing line
# "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
export ACS BUILD
# npm packages: a run imports them from this registry into this cache. The
# suite never uses the real registry: a dead address by default (the
# package tests start their own fixture registry), and an empty cache.
export ACS_NPM_REGISTRY=${ACS_NPM_REGISTRY:-http://127.0.0.1:9}
ACS_CACHE_DIR=$(mktemp -d "${TMPDIR:-/tmp}/acs-test-cache-XXXXXX")
export ACS_CACHE_DIR
trap 'chmod -R u+w "$ACS_CACHE_DIR" 2>/dev/null; rm -rf "$ACS_CACHE_DIR"' EXIT
pass=0 fail=0 skip=0
failed=()
ok()   { pass=$((pass + 1)); [ -n "${VERBOSE:-}" ] && echo "ok   $1"; }
bad()  { fail=$((fail + 1)); failed+=("$1"); echo "FAIL $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -40 | sed 's/^/     /'; }
skp()  { skip=$((skip + 1)); echo "skip $1: $2"; }

# ---------------------------------------------------------------- Node 22
# Differential cases compare with Node 22, which npm brings (node@22).
NODE22=""
setup_node22() {
  local dir="$PWD/tests/.node22"
  if [ -x "$dir/node_modules/.bin/node" ]; then NODE22="$dir/node_modules/.bin/node"; return; fi
  mkdir -p "$dir"
  if (cd "$dir" && npm install --silent --no-audit --no-fund --no-save node@22 >/dev/null 2>&1) &&
     [ -x "$dir/node_modules/.bin/node" ]; then
    NODE22="$dir/node_modules/.bin/node"
  fi
}
setup_node22
if [ -n "$NODE22" ]; then
  case "$("$NODE22" --version 2>/dev/null)" in v22.*) ;; *) NODE22="";; esac
fi
[ -z "$NODE22" ] && echo "note: Node 22 could not be installed from npm; differential checks are skipped"

# ------------------------------------------------------------- unit tests
for bin in "$BUILD"/tests/unit_*; do
  [ -x "$bin" ] || continue
  name=$(basename "$bin")
  out=$("$bin" --jobs 1 2>&1)
  syn=$(printf '%s\n' "$out" | grep 'Synthesis:' | tail -1)
  t=$(printf '%s' "$syn" | sed -n 's/.*Tested: \([0-9]*\).*/\1/p')
  p=$(printf '%s' "$syn" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
  if [ -z "$t" ]; then bad "unit/$name" "$out"; continue; fi
  pass=$((pass + p))
  if [ "$p" != "$t" ]; then
    fail=$((fail + t - p)); failed+=("unit/$name")
    echo "FAIL unit/$name ($((t - p)) of $t)"; printf '%s\n' "$out" | grep -E '\[(FAIL|----)\]' | head -30 | sed 's/^/     /'
  fi
done

# ---------------------------------------------------------- JS behaviour
# tests/js/NAME.js: stdout must equal NAME.out. NAME.opts (optional): one
# line of extra acs flags, and a line "exit N" for the expected exit status.
# A first line "// differential" also runs the file under Node 22, whose
# stdout must be the same.
for f in tests/js/*.js tests/js/*.mjs tests/js/*.cjs tests/js/*.ts; do
  [ -f "$f" ] || continue
  base=${f%.*}; name=js/$(basename "$f")
  flags="" want_exit=0
  if [ -f "$base.opts" ]; then
    flags=$(grep -v '^exit ' "$base.opts" | head -1)
    e=$(sed -n 's/^exit \([0-9]*\)$/\1/p' "$base.opts"); [ -n "$e" ] && want_exit=$e
  fi
  # shellcheck disable=SC2086
  got=$(cd tests/js && "$ACS" run $flags "$(basename "$f")" 2>/tmp/acs-test-stderr.$$)
  status=$?
  if [ "$status" != "$want_exit" ]; then
    bad "$name" "exit status $status, expected $want_exit; stderr: $(head -c 2000 /tmp/acs-test-stderr.$$)"
    continue
  fi
  if [ -f "$base.out" ]; then
    if [ "$got" != "$(cat "$base.out")" ]; then
      bad "$name" "$(diff <(printf '%s\n' "$got") "$base.out" | head -30)"
      continue
    fi
  fi
  if head -1 "$f" | grep -q '^// differential'; then
    if [ -z "$NODE22" ]; then skp "$name (node)" "Node 22 not available"; ok "$name"; continue; fi
    ref=$(cd tests/js && "$NODE22" "$(basename "$f")" 2>/dev/null)
    if [ "$got" != "$ref" ]; then
      bad "$name" "differs from Node 22:$(diff <(printf '%s\n' "$got") <(printf '%s\n' "$ref") | head -30)"
      continue
    fi
  fi
  ok "$name"
done
rm -f /tmp/acs-test-stderr.$$

# ----------------------------------------------------------------- e2e
# tests/e2e/*.sh source tests/e2e/lib.sh and print "ok NAME" / "FAIL NAME".
for f in tests/e2e/*.sh; do
  [ "$(basename "$f")" = lib.sh ] && continue
  out=$(bash "$f" 2>&1)
  while IFS= read -r line; do
    case "$line" in
      "ok "*) ok "e2e/${line#ok }";;
      "FAIL "*) bad "e2e/${line#FAIL }";;
      "skip "*) skp "e2e/${line#skip }" "see the test";;
      *) [ -n "$line" ] && echo "     $line";;
    esac
  done <<< "$out"
done

# ---------------------------------------------------------- shell-spec
# tests/shell/run.sh: bash's conformance suite against the box's shell;
# the cases of tests/shell/passing.txt must keep passing.
while IFS= read -r line; do
  case "$line" in
    "ok "*) ok "${line#ok }";;
    "FAIL "*) n=${line#FAIL }; bad "${n%%:*}" "${n#*: }";;
    "skip "*) n=${line#skip }; skp "${n%%:*}" "${n#*: }";;
    *) [ -n "$line" ] && echo "$line";;
  esac
done < <(BUILD=$BUILD bash tests/shell/run.sh 2>&1)

# ---------------------------------------------------------------- cmds
# tests/cmds/run.sh: the box's commands, tests/cmds/NAME.test each (toybox's
# shape; "gnu" cases compare with Debian's GNU tools on the host).
pending=""
while IFS= read -r line; do
  case "$line" in
    "ok "*) ok "${line#ok }";;
    "FAIL "*) bad "${line#FAIL }"; pending=1;;
    *[0-9]" passed, "*[0-9]" failed") ;;
    "     "*) [ -n "$pending" ] && echo "$line";;
    *) [ -n "$line" ] && echo "$line";;
  esac
done < <(BUILD=$BUILD bash tests/cmds/run.sh 2>&1)

# ------------------------------------------------------------ security
# tests/security/CASE/: one directory per attack (see its README).
if [ -x tests/security/run.sh ]; then
  while IFS= read -r line; do
    case "$line" in
      "ok "*) ok "security/${line#ok }";;
      "FAIL "*) bad "security/${line#FAIL }";;
      "skip "*) n=${line#skip }; skp "security/${n%%:*}" "${n#*: }";;
      *) [ -n "$line" ] && echo "$line";;
    esac
  done < <(bash tests/security/run.sh 2>&1)
fi

# ------------------------------------------------------------- packages
# tests/pkg/run.sh: npm packages against a fixture registry on 127.0.0.1
# (needs node; PKG_STALL=0 skips the stalled-registry checks).
while IFS= read -r line; do
  case "$line" in
    "ok "*) ok "pkg/${line#ok }";;
    "FAIL "*) bad "pkg/${line#FAIL }";;
    "skip "*) n=${line#skip }; skp "pkg/${n%%:*}" "${n#*: }";;
    *[0-9]" passed, "*) ;;
    *) [ -n "$line" ] && echo "$line";;
  esac
done < <(bash tests/pkg/run.sh 2>&1)

# ------------------------------------------------------------- network
# tests/net/*.mjs against a local server, under acs and Node 22 (run.sh).
if [ -n "$NODE22" ]; then
  while IFS= read -r line; do
    case "$line" in
      "ok "*) n=${line#ok }; ok "net/${n%% *}";;
      "FAIL "*) bad "net/${line#FAIL }";;
      *[0-9]" passed, "*) ;;
      *) [ -n "$line" ] && echo "$line";;
    esac
  done < <(BUILD=$BUILD NODE22=$NODE22 bash tests/net/run.sh 2>&1)
else
  skp "net/*.mjs" "Node 22 not available"
fi

# ------------------------------------------------------------------ MCP
# tests/mcp: the official MCP SDK client against acs mcp (installs the SDK
# from npm on first use); ends "N passed, N failed".
if [ -n "$NODE22" ]; then
  out=$(BUILD=$BUILD bash tests/mcp/run.sh 2>&1); status=$?
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  p=$(printf '%s' "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
  fl=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
  if [ -z "$p" ]; then bad "mcp" "$(printf '%s\n' "$out" | tail -20)"; else
    pass=$((pass + p))
    if [ "$status" != 0 ] || [ "${fl:-0}" != 0 ]; then
      fail=$((fail + ${fl:-1})); failed+=("mcp")
      echo "FAIL mcp"; printf '%s\n' "$out" | grep -v '^ok' | tail -30 | sed 's/^/     /'
    fi
  fi
else
  skp "mcp" "Node 22 not available"
fi

# ------------------------------------------------------ Deep Agents
# tests/agents: agent-code-sandbox/deepagents against the deepagents npm
# package (installed on first use): its sandbox backend conformance cases
# and a scripted agent loop; ends "N passed, N failed".
if [ -n "$NODE22" ]; then
  out=$(BUILD=$BUILD bash tests/agents/run.sh 2>&1); status=$?
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  p=$(printf '%s' "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
  fl=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
  if [ -z "$p" ]; then bad "agents" "$(printf '%s\n' "$out" | tail -20)"; else
    pass=$((pass + p))
    if [ "$status" != 0 ] || [ "${fl:-0}" != 0 ]; then
      fail=$((fail + ${fl:-1})); failed+=("agents")
      echo "FAIL agents"; printf '%s\n' "$out" | grep -v '^ok' | tail -30 | sed 's/^/     /'
    fi
  fi
else
  skp "agents" "Node 22 not available"
fi

# -------------------------------------------------------- Node binding
# bindings/node: node --test against acs serve; ends "N passed, N failed".
if [ -n "$NODE22" ]; then
  out=$(BUILD=$BUILD bash bindings/node/test/run.sh 2>&1); status=$?
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  p=$(printf '%s' "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
  fl=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
  if [ -z "$p" ]; then bad "bindings/node" "$(printf '%s\n' "$out" | tail -20)"; else
    pass=$((pass + p))
    while IFS= read -r s; do n=${s#skip }; skp "bindings/node/${n%%:*}" "${n#*: }"; done < <(printf '%s\n' "$out" | grep '^skip ')
    if [ "$status" != 0 ] || [ "${fl:-0}" != 0 ]; then
      fail=$((fail + ${fl:-1})); failed+=("bindings/node")
      echo "FAIL bindings/node"; printf '%s\n' "$out" | grep -v '^ok' | tail -30 | sed 's/^/     /'
    fi
  fi
else
  skp "bindings/node" "Node 22 not available"
fi

# ------------------------------------------- API layer against Node itself
# tests/lib/*_vs_node.js load src/js/lib files under Node and compare with
# Node's own implementation; each ends with "N passed, N failed".
if [ -n "$NODE22" ]; then
  for f in tests/lib/*_vs_node.js; do
    [ -f "$f" ] || continue
    out=$("$NODE22" "$f" 2>&1); status=$?
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    p=$(printf '%s' "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
    fl=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
    if [ -z "$p" ]; then bad "lib/$(basename "$f")" "$(printf '%s\n' "$out" | tail -20)"; continue; fi
    pass=$((pass + p))
    if [ "$status" != 0 ] || [ "${fl:-0}" != 0 ]; then
      fail=$((fail + ${fl:-1})); failed+=("lib/$(basename "$f")")
      echo "FAIL lib/$(basename "$f")"; printf '%s\n' "$out" | grep -v '^ok' | head -30 | sed 's/^/     /'
    fi
  done
else
  skp "lib/*_vs_node.js" "Node 22 not available"
fi

echo
[ ${#failed[@]} -gt 0 ] && printf 'failed: %s\n' "${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
