#!/usr/bin/env bash
# box_snapshot.sh - acs box --snapshot FILE and --restore FILE: a tree made
# in one box, listed, hashed and stat'ed identically in the next; a file
# that is not a snapshot is refused naming why (exit 2).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

LIST="find / -xdev -path /proc -prune -o -printf '%p %y %m %u %g %s %n %T@ %l\n' | sort; find / -xdev -path /proc -prune -o -type f -exec sha256sum {} + | sort"
run_acs box --snapshot "$TMP/s" -c "mkdir -p /app/d; echo one > /app/a; ln /app/a /app/h; ln -s d /app/l; mkfifo /app/p; chmod 4755 /app/a; chown agent /app/d; touch -d @1234567890 /app/d; $LIST"
before=$OUT
check "--snapshot: the program ran and the file was written" all [ "$RC" = 0 ] -- [ -s "$TMP/s" ]
run_acs box --restore "$TMP/s" -c "$LIST"
check "--restore: every path, type, mode, owner, size, link count, mtime, link and hash as before" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$before" ]
run_acs box --restore "$TMP/s" --snapshot "$TMP/s2" -c 'echo two >> /app/a'
run_acs box --restore "$TMP/s2" -c 'cat /app/h'
check "a snapshot of a restored box carries the change (hard link too)" all [ "$OUT" = "one
two" ]
printf 'ACS-SNAP not really' > "$TMP/bad"
run_acs box --restore "$TMP/bad" -c 'echo ran'
check "--restore of a corrupt file: exit 2, the reason, nothing run" \
  all [ "$RC" = 2 ] -- has "$ERR" "cannot restore the snapshot" -- [ -z "$OUT" ]
