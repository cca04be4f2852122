# walls.sh - the second wall (Landlock + seccomp under the VFS): acs doctor
# reports it, and build/acs-hole, whose guest can call plain open(2) and
# execve(2) past the VFS, is stopped by the kernel unless ACS_WALLS=off.
. tests/e2e/lib.sh
HOLE=${ACS%/acs}/acs-hole

run_acs doctor
check "acs doctor runs and passes its probes" [ "$RC" = 0 ]
if ! has "$OUT" "Landlock      up"; then
  echo "skip walls: this kernel has no Landlock ($(printf '%s' "$OUT" | grep note | head -1))"
else
  check "acs doctor: 3 of 3 walls up" has "$OUT" "3 of 3 walls up"
  check "acs doctor: /etc/passwd refused after locking" has "$OUT" "reading /etc/passwd after locking: Permission denied"

  W=$TMP/w && mkdir -p "$W" && echo "inside-file" > "$W/in.txt"
  code='console.log(__acsTestHole("read", "/etc/passwd")); console.log(__acsTestHole("read", process.cwd() + "/in.txt")); console.log(__acsTestHole("exec", "/bin/true"))'
  ACS=$HOLE run_acs run --work-dir "$W" -c "$code"
  check "hole build: /etc/passwd refused by Landlock" has "$OUT" "error Permission denied"
  check "hole build: a work-dir file still reads" has "$OUT" "inside-file"
  check "hole build: execve refused by seccomp" has "$OUT" "error Operation not permitted"
  check "hole build: nothing of /etc/passwd came out" bash -c "! grep -q 'root:' <<< \"\$1\"" _ "$OUT"
  OUT_WALLS=$OUT

  ACS_WALLS=off ACS=$HOLE run_acs run --work-dir "$W" -c "$code"
  check "ACS_WALLS=off: the same hole reads /etc/passwd (so the walls were what stopped it)" has "$OUT" "root:"

  ACS_WALLS=off run_acs run -c 'console.log(await Promise.resolve(6 * 7))'
  check "ACS_WALLS=off: runs still work without the walls" [ "$OUT" = 42 ]
fi
