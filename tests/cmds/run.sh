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
# comparable, use testing). The runner's own names start with _c_ (a test
# file must not reuse them). Output: "ok cmds/NAME: what" or "FAIL
# cmds/NAME: what" with the difference, then "N passed, N failed".
set -u
# run from `make test`, the host's make would see itself as a sub-make
# (make[1]: Entering directory ...): the GNU side starts as a box's make does
unset MAKELEVEL MAKEFLAGS MFLAGS MAKEOVERRIDES GNUMAKEFLAGS
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
_c_tmp=$(mktemp -d "${TMPDIR:-/tmp}/acs-cmds.XXXXXX")
# a test file must not be able to point the cleanup at a host path
readonly _c_tmp
trap 'rm -rf "$_c_tmp"' EXIT
_c_pass=0 _c_fail=0 _c_n=0 _c_file=
BOXARGS=

run_case() { # _c_dir script stdin-file -> $_c_tmp/out.box $_c_tmp/st.box, or .gnu with gnu=1
  local _c_dir=$1 script=$2 stdin=$3 side=$4
  if [ "$side" = box ]; then
    # shellcheck disable=SC2086
    LC_ALL=C "$ACS" box $BOXARGS --timeout-ms 60000 --env LC_ALL=C --env TZ=UTC \
      --copy "$_c_dir:$_c_dir" -w "$_c_dir" -c "$script" <"$stdin" >"$_c_tmp/out.box" 2>"$_c_tmp/err.box"
    echo $? >"$_c_tmp/st.box"
  else
    (cd "$_c_dir" && LC_ALL=C TZ=UTC timeout 60 bash -c "$script" <"$stdin" >"$_c_tmp/out.gnu" 2>"$_c_tmp/err.gnu"
     echo $? >"$_c_tmp/st.gnu")
  fi
}

prepare() { # input-file-contents stdin-contents -> _c_dir in $_c_dir
  _c_n=$((_c_n + 1))
  _c_dir="$_c_tmp/c$_c_n"
  mkdir -p "$_c_dir"
  [ -n "${1+x}" ] && [ -n "$1" ] && printf '%b' "$1" >"$_c_dir/input"
  printf '%b' "${2:-}" >"$_c_tmp/stdin"
}

report() { # ok what diff-text
  if [ "$1" = 1 ]; then
    _c_pass=$((_c_pass + 1))
    echo "ok cmds/$_c_file: $2"
  else
    _c_fail=$((_c_fail + 1))
    echo "FAIL cmds/$_c_file: $2"
    printf '%s\n' "$3" | head -30 | sed 's/^/     /'
  fi
}

testing() {
  local what=$1 script=$2 want=$3
  prepare "${4:-}" "${5:-}"
  run_case "$_c_dir" "$script" "$_c_tmp/stdin" box
  printf '%b' "$want" >"$_c_tmp/want"
  if cmp -s "$_c_tmp/want" "$_c_tmp/out.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'script: %s\n' "$script"; diff -a <(cat -A "$_c_tmp/want") <(cat -A "$_c_tmp/out.box") | head -20; sed 's/^/stderr: /' "$_c_tmp/err.box" | head -5)"
  fi
  rm -rf "$_c_dir"
}

gnu() {
  local what=$1 script=$2
  prepare "${3:-}" "${4:-}"
  cp -a "$_c_dir" "$_c_dir.orig"
  run_case "$_c_dir" "$script" "$_c_tmp/stdin" gnu
  rm -rf "$_c_dir" && mv "$_c_dir.orig" "$_c_dir"
  run_case "$_c_dir" "$script" "$_c_tmp/stdin" box
  if cmp -s "$_c_tmp/out.gnu" "$_c_tmp/out.box" && cmp -s "$_c_tmp/st.gnu" "$_c_tmp/st.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'script: %s\nstatus: gnu %s, box %s\n' "$script" "$(cat "$_c_tmp/st.gnu")" "$(cat "$_c_tmp/st.box")"
    diff -a <(cat -A "$_c_tmp/out.gnu") <(cat -A "$_c_tmp/out.box") | head -20; sed 's/^/box stderr: /' "$_c_tmp/err.box" | head -5)"
  fi
  rm -rf "$_c_dir"
}

if [ $# -gt 0 ]; then set -- "${@/#/tests/cmds/}"; set -- "${@/%/.test}"; else set -- tests/cmds/*.test; fi
for f in "$@"; do
  _c_file=$(basename "$f" .test)
  BOXARGS=
  # shellcheck disable=SC1090
  . "$f"
done
echo "$_c_pass passed, $_c_fail failed"
