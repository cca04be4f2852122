# tests/cmds/lib_arch.sh - two more kinds of case for the archivers' tests
# (gzip, bzip2, xz, zstd, tar, zip), sourced by their .test files. Archives
# are not byte for byte the host tools' (timestamps, compressors' versions),
# so what is compared is what the other side's tool makes of them:
#
#   hostmade "what" "MAKE" "CHECK" ["INPUT FILE"]
#       MAKE runs under the host's bash (Debian's tools) in the case dir,
#       then CHECK runs there as a gnu case: box and host must agree.
#   boxmade "what" "MAKE" "CHECK" ["INPUT FILE"]
#       MAKE (which writes an archive on stdout) runs in the box and on the
#       host; CHECK runs under the host's bash with $A naming each side's
#       archive in a fresh copy of the dir: the two outputs (and statuses)
#       must be the same.
# Both use run.sh's prepare, run_case and report.

hostmade() {
  local what=$1 make=$2 check=$3
  prepare "${4:-}" ""
  (cd "$dir" && LC_ALL=C TZ=UTC bash -c "$make" >/dev/null 2>&1)
  cp -a "$dir" "$dir.orig"
  run_case "$dir" "$check" "$T/stdin" gnu
  rm -rf "$dir" && mv "$dir.orig" "$dir"
  run_case "$dir" "$check" "$T/stdin" box
  if cmp -s "$T/out.gnu" "$T/out.box" && cmp -s "$T/st.gnu" "$T/st.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'make: %s\ncheck: %s\nstatus: gnu %s, box %s\n' "$make" "$check" "$(cat "$T/st.gnu")" "$(cat "$T/st.box")"
    diff -a <(cat -A "$T/out.gnu") <(cat -A "$T/out.box") | head -20; sed 's/^/box stderr: /' "$T/err.box" | head -5)"
  fi
  rm -rf "$dir"
}

boxmade() {
  local what=$1 make=$2 check=$3 side
  prepare "${4:-}" ""
  cp -a "$dir" "$dir.orig"
  run_case "$dir" "$make" "$T/stdin" gnu
  mv "$T/out.gnu" "$T/arch.gnu"
  rm -rf "$dir" && cp -a "$dir.orig" "$dir"
  run_case "$dir" "$make" "$T/stdin" box
  mv "$T/out.box" "$T/arch.box"
  for side in gnu box; do
    rm -rf "$dir" && cp -a "$dir.orig" "$dir"
    (cd "$dir" && A="$T/arch.$side" LC_ALL=C TZ=UTC bash -c "$check" >"$T/chk.$side" 2>&1 </dev/null
     echo "status $?" >>"$T/chk.$side")
  done
  if cmp -s "$T/chk.gnu" "$T/chk.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'make: %s\ncheck: %s\n' "$make" "$check"
    diff -a <(cat -A "$T/chk.gnu") <(cat -A "$T/chk.box") | head -20; sed 's/^/box stderr: /' "$T/err.box" | head -5)"
  fi
  rm -rf "$dir" "$dir.orig"
}
