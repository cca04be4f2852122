#!/usr/bin/env bash
# tests/cmds/run.sh [NAME...] - the box's commands, one tests/cmds/NAME.test
# each (all of them without arguments). A test file is bash, in toybox's
# shape, made of calls to two functions:
#
#   testing "what" "SCRIPT" "EXPECTED STDOUT" ["INPUT FILE"] ["STDIN"]
#       EXPECTED STDOUT, INPUT FILE and STDIN are printf %b strings (\n is a
#       newline, \\ a backslash), as toybox's echo -e strings. SCRIPT runs under the box's sh in a fresh box, its cwd an empty
#       directory that holds a file named input with INPUT FILE (when
#       given); its stdout must be EXPECTED STDOUT exactly (append
#       `; echo $?` to check a status, `2>&1` to check a message).
#   gnu "what" "SCRIPT" ["INPUT FILE"] ["STDIN"]
#       differential: SCRIPT also runs under the host's bash with Debian's
#       GNU tools in a directory of the same path and contents; stdout and
#       the exit status must be the same.
#
# Both sides run with LC_ALL=C and TZ=UTC. BOXARGS (set in a test file)
# adds options to `acs box` (say --user agent: then the GNU side is not
# comparable, use testing). Output: "ok cmds/NAME: what" or "FAIL
# cmds/NAME: what" with the difference, then "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
T=$(mktemp -d "${TMPDIR:-/tmp}/acs-cmds.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 n=0 file=
BOXARGS=

run_case() { # dir script stdin-file -> $T/out.box $T/st.box, or .gnu with gnu=1
  local dir=$1 script=$2 stdin=$3 side=$4
  if [ "$side" = box ]; then
    # shellcheck disable=SC2086
    LC_ALL=C "$ACS" box $BOXARGS --timeout-ms 60000 --env LC_ALL=C --env TZ=UTC \
      --copy "$dir:$dir" -w "$dir" -c "$script" <"$stdin" >"$T/out.box" 2>"$T/err.box"
    echo $? >"$T/st.box"
  else
    (cd "$dir" && LC_ALL=C TZ=UTC timeout 60 bash -c "$script" <"$stdin" >"$T/out.gnu" 2>"$T/err.gnu"
     echo $? >"$T/st.gnu")
  fi
}

prepare() { # input-file-contents stdin-contents -> dir in $dir
  n=$((n + 1))
  dir="$T/c$n"
  mkdir -p "$dir"
  [ -n "${1+x}" ] && [ -n "$1" ] && printf '%b' "$1" >"$dir/input"
  printf '%b' "${2:-}" >"$T/stdin"
}

report() { # ok what diff-text
  if [ "$1" = 1 ]; then
    pass=$((pass + 1))
    echo "ok cmds/$file: $2"
  else
    fail=$((fail + 1))
    echo "FAIL cmds/$file: $2"
    printf '%s\n' "$3" | head -30 | sed 's/^/     /'
  fi
}

testing() {
  local what=$1 script=$2 want=$3
  prepare "${4:-}" "${5:-}"
  run_case "$dir" "$script" "$T/stdin" box
  printf '%b' "$want" >"$T/want"
  if cmp -s "$T/want" "$T/out.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'script: %s\n' "$script"; diff -a <(cat -A "$T/want") <(cat -A "$T/out.box") | head -20; sed 's/^/stderr: /' "$T/err.box" | head -5)"
  fi
  rm -rf "$dir"
}

gnu() {
  local what=$1 script=$2
  prepare "${3:-}" "${4:-}"
  cp -a "$dir" "$dir.orig"
  run_case "$dir" "$script" "$T/stdin" gnu
  rm -rf "$dir" && mv "$dir.orig" "$dir"
  run_case "$dir" "$script" "$T/stdin" box
  if cmp -s "$T/out.gnu" "$T/out.box" && cmp -s "$T/st.gnu" "$T/st.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'script: %s\nstatus: gnu %s, box %s\n' "$script" "$(cat "$T/st.gnu")" "$(cat "$T/st.box")"
    diff -a <(cat -A "$T/out.gnu") <(cat -A "$T/out.box") | head -20; sed 's/^/box stderr: /' "$T/err.box" | head -5)"
  fi
  rm -rf "$dir"
}

if [ $# -gt 0 ]; then set -- "${@/#/tests/cmds/}"; set -- "${@/%/.test}"; else set -- tests/cmds/*.test; fi
for f in "$@"; do
  file=$(basename "$f" .test)
  BOXARGS=
  # shellcheck disable=SC1090
  . "$f"
done
echo "$pass passed, $fail failed"
