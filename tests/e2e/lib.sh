# lib.sh - helpers for the CLI end-to-end tests. Each check prints
# "ok NAME" or "FAIL NAME" (with details on the next lines).
ACS=${ACS:-$PWD/build/acs}
TMP=$(mktemp -d /tmp/acs-e2e.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# small_disk SIZE: a tmpfs of SIZE mounted at $SMALL ($TMP/small) and
# unmounted at exit; false when this machine refuses the mount (it needs
# root with CAP_SYS_ADMIN)
small_disk() {
  SMALL=$TMP/small
  mkdir -p "$SMALL"
  mount -t tmpfs -o size="$1" tmpfs "$SMALL" 2>/dev/null || return 1
  trap 'umount "$SMALL" 2>/dev/null; rm -rf "$TMP"' EXIT
}

# run_acs ARGS...: sets OUT, ERR, RC and MS (wall time in ms).
run_acs() {
  local t0 t1
  t0=$(date +%s%N)
  "$ACS" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  RC=$?
  t1=$(date +%s%N)
  MS=$(( (t1 - t0) / 1000000 ))
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# check NAME COMMAND...: the command's status decides.
check() {
  local name=$1; shift
  if "$@"; then echo "ok $name"; else
    echo "FAIL $name"
    echo "  rc=$RC ms=$MS"
    echo "  stdout: $(printf '%s' "$OUT" | head -c 600)"
    echo "  stderr: $(printf '%s' "$ERR" | head -c 600)"
  fi
}

has() { printf '%s' "$1" | grep -qF -- "$2"; }

# all CMD -- CMD ...: every command succeeds (for one check of several
# conditions: `check NAME A && B` would check A alone).
all() {
  local args=() a
  for a in "$@" --; do
    if [ "$a" = -- ]; then "${args[@]}" || return 1; args=(); else args+=("$a"); fi
  done
}
# json EXPR: evaluate EXPR on the JSON object in OUT (".stdout" reads a
# field; anything else sees the object as `v`), printed by node: strings
# as they are, other values as JSON.
json() {
  printf '%s' "$OUT" | node -e '
    let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
      const v = JSON.parse(s); const e = process.argv[1];
      const r = e.startsWith(".") ? eval("v" + e) : eval(e);
      process.stdout.write(typeof r === "string" ? r : JSON.stringify(r));
    })' "$1"
}

# wait_child PID: wait (up to 30 s) until PID has a child process, that is
# until acs has set up its handlers and forked the worker; prints the
# child's pid. A fixed sleep before a signal races a loaded machine.
wait_child() {
  local c i
  for i in $(seq 600); do
    c=$(pgrep -P "$1" | head -1)
    [ -n "$c" ] && { echo "$c"; return 0; }
    sleep 0.05
  done
  return 1
}
not_has() { ! printf "%s" "$1" | grep -qF -- "$2"; }
