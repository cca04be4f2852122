# box_faults.sh - the host failing under a box: a full disk under a
# read-write mount and under --snapshot, a host that refuses new processes,
# a full /dev/shm. Each ends in a clear error (GNU's words where a command
# writes), what was written before stays, and nothing is left behind.
. tests/e2e/lib.sh

if ! small_disk 1m; then
  echo "skip box-faults-full-disk: mounting a 1 MB tmpfs needs root with CAP_SYS_ADMIN; this machine refused it"
else
  echo before >"$SMALL/kept"
  head -c 1040000 /dev/zero >"$SMALL/filler" 2>/dev/null # the disk is full from here on
  # the same writes on the full disk by the host's GNU tools and in the box
  cat >"$TMP/writes.sh" <<'EOF'
for c in "cat" "head -c 2000000" "tail -c 2000000" "sort" "tr a b" "cut -c1-" "uniq" "grep -a ." "base64" "nl" "fold" "paste -" "expand" "tee"; do
  head -c 300000 /dev/zero | tr '\0' a | fold -w 100 | $c >"$D/out" 2>"$D/../err"
  echo "$c: status $? $(head -1 "$D/../err")"
  rm -f "$D/out"
done
EOF
  HOST=$(D=$SMALL bash "$TMP/writes.sh" 2>&1)
  run_acs box -v "$TMP:/t" --env D=/t/small -c 'bash /t/writes.sh'
  check "full disk: each command's error and status as GNU's" all [ "$RC" = 0 ] -- [ "$OUT" = "$HOST" ]
  [ "$OUT" = "$HOST" ] || diff <(echo "$HOST") <(echo "$OUT") | sed 's/^/  /' 
  run_acs box -v "$SMALL:/app" -c '
    echo more >>/app/kept; echo "append $?"
    head -c 500000 /dev/zero >/tmp/big; cp /tmp/big /app/big 2>&1; echo "cp $?"; rm -f /app/big
    dd if=/dev/zero of=/app/dd bs=64k count=4 2>&1 | head -1; rm -f /app/dd
    node -e "try { require(\"fs\").writeFileSync(\"/app/n\", Buffer.alloc(1 << 20)); console.log(\"node no error\") } catch (e) { console.log(\"node\", e.code, e.message) }"
    rm -f /app/n; cat /app/kept'
  check "full disk: sh's append, cp, dd and node say ENOSPC as Linux's tools" all [ "$RC" = 0 ] -- \
    has "$OUT" "cp: error writing '/app/big': No space left on device" -- has "$OUT" "cp 1" -- \
    has "$OUT" "dd: error writing '/app/dd': No space left on device" -- \
    has "$OUT" "node ENOSPC ENOSPC: no space left on device, write"
  check "full disk: what was written before stays" [ "$(head -1 "$SMALL/kept")" = before ]
  if "$ACS" box -c 'command -v python3' >/dev/null 2>&1; then
    # errno by name: WASI's numbers are not Linux's (ENOSPC is 51 there)
    run_acs box -v "$SMALL:/app" -c 'python3 -c "
import errno
try:
    open(\"/app/p\", \"wb\").write(bytes(1 << 20))
except OSError as e:
    print(\"python\", errno.errorcode[e.errno], e.strerror)
"; rm -f /app/p'
    check "full disk: python3 raises OSError ENOSPC" has "$OUT" "python ENOSPC No space left on device"
  else
    echo "skip box-faults-full-disk-python: the box has no python3 (make python)"
  fi
  run_acs box --snapshot "$SMALL/snap.tar" -c 'head -c 2000000 /dev/urandom >/tmp/big; echo ran'
  check "full disk: --snapshot fails naming ENOSPC and the file, exit 3, no cut-off file left" all \
    [ "$RC" = 3 ] -- has "$OUT" ran -- has "$ERR" "No space left on device" -- \
    has "$ERR" "'$SMALL/snap.tar' was not written" -- [ ! -e "$SMALL/snap.tar" ]
  # somewhere with room (a box with python3 snapshots some 30 MB)
  run_acs box --snapshot "$TMP/snap.tar" -c 'echo small >/tmp/s'
  run_acs box --restore "$TMP/snap.tar" -c 'cat /tmp/s'
  check "with room: the next snapshot is written and restores" all [ "$RC" = 0 ] -- [ "$OUT" = small ]
fi

# a host that refuses new processes: an unprivileged uid under a process
# limit (root is not held to RLIMIT_NPROC)
if ! command -v setpriv >/dev/null || ! command -v prlimit >/dev/null; then
  echo "skip box-faults-fork: setpriv and prlimit (util-linux) are needed"
else
  U=4321
  N=$TMP/nproc
  mkdir -p "$N" && chmod 777 "$N"
  asuser() { (cd "$N" && setpriv --reuid $U --regid $U --clear-groups env -i PATH=/usr/bin:/bin HOME="$N" prlimit --nproc="$1" "$ACS" box -c "$2" 2>&1); }
  OUT=$(asuser 6 'for i in 1 2 3 4 5 6 7 8; do sleep 1 & done; wait; echo waited'); RC=$?
  check "refused fork: each program the host refuses says so on stderr and exits 126; the shell goes on" all \
    has "$OUT" "acs: sleep: cannot start: the host refused a new process" -- has "$OUT" waited -- [ "$RC" = 0 ]
  OUT=$(asuser 3 'echo hi'); RC=$?
  check "refused fork: a box with no room for its first program says so (126), nothing hangs" all \
    [ "$RC" = 126 ] -- has "$OUT" "acs: sh: cannot start: the host refused a new process"
  OUT=$(asuser 2 'echo hi'); RC=$?
  check "refused fork: a box whose kernel cannot start ends with 3 and the reason" all \
    [ "$RC" = 3 ] -- has "$OUT" "could not be forked"
  sleep 0.5
  check "refused fork: no process of that uid is left" [ "$(pgrep -u $U | wc -l)" = 0 ]
fi

# a full /dev/shm: the box does not use it (its memory files are memfds)
if ! command -v unshare >/dev/null || ! unshare -m true 2>/dev/null; then
  echo "skip box-faults-shm: unshare -m needs root with CAP_SYS_ADMIN"
else
  OUT=$(unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs /dev/shm && head -c 1000000 /dev/zero >/dev/shm/fill 2>/dev/null;
    "$0" box -c "echo sh ok; node -e \"console.log(1 + 1)\"; echo x > /tmp/f && cat /tmp/f"' "$ACS" 2>&1); RC=$?
  check "a full /dev/shm: the box runs sh, node and files as ever" all [ "$RC" = 0 ] -- [ "$OUT" = "sh ok
2
x" ]
fi
