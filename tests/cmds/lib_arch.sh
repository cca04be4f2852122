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
  (cd "$_c_dir" && LC_ALL=C TZ=UTC bash -c "$make" >/dev/null 2>&1)
  cp -a "$_c_dir" "$_c_dir.orig"
  run_case "$_c_dir" "$check" "$_c_tmp/stdin" gnu
  rm -rf "$_c_dir" && mv "$_c_dir.orig" "$_c_dir"
  run_case "$_c_dir" "$check" "$_c_tmp/stdin" box
  if cmp -s "$_c_tmp/out.gnu" "$_c_tmp/out.box" && cmp -s "$_c_tmp/st.gnu" "$_c_tmp/st.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'make: %s\ncheck: %s\nstatus: gnu %s, box %s\n' "$make" "$check" "$(cat "$_c_tmp/st.gnu")" "$(cat "$_c_tmp/st.box")"
    diff -a <(cat -A "$_c_tmp/out.gnu") <(cat -A "$_c_tmp/out.box") | head -20; sed 's/^/box stderr: /' "$_c_tmp/err.box" | head -5)"
  fi
  rm -rf "$_c_dir"
}

boxmade() {
  local what=$1 make=$2 check=$3 side
  prepare "${4:-}" ""
  cp -a "$_c_dir" "$_c_dir.orig"
  run_case "$_c_dir" "$make" "$_c_tmp/stdin" gnu
  mv "$_c_tmp/out.gnu" "$_c_tmp/arch.gnu"
  rm -rf "$_c_dir" && cp -a "$_c_dir.orig" "$_c_dir"
  run_case "$_c_dir" "$make" "$_c_tmp/stdin" box
  mv "$_c_tmp/out.box" "$_c_tmp/arch.box"
  for side in gnu box; do
    rm -rf "$_c_dir" && cp -a "$_c_dir.orig" "$_c_dir"
    (cd "$_c_dir" && A="$_c_tmp/arch.$side" LC_ALL=C TZ=UTC bash -c "$check" >"$_c_tmp/chk.$side" 2>&1 </dev/null
     echo "status $?" >>"$_c_tmp/chk.$side")
  done
  if cmp -s "$_c_tmp/chk.gnu" "$_c_tmp/chk.box"; then report 1 "$what"
  else report 0 "$what" "$(printf 'make: %s\ncheck: %s\n' "$make" "$check"
    diff -a <(cat -A "$_c_tmp/chk.gnu") <(cat -A "$_c_tmp/chk.box") | head -20; sed 's/^/box stderr: /' "$_c_tmp/err.box" | head -5)"
  fi
  rm -rf "$_c_dir" "$_c_dir.orig"
}
