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

# The snapshot is a POSIX tar: the host's GNU tar lists and extracts it
# without a warning, with the box's names, owners, modes, times and data.
run_acs box --snapshot "$TMP/t.tar" -c "mkdir -p /app/$(printf 'n%.0s' $(seq 120))/d; echo long > /app/$(printf 'n%.0s' $(seq 120))/d/f; touch -d @1234567890.5 /app/a2; echo x > /app/a2; touch -d @1234567890.123456789 /app/a2; ln -s /etc/passwd /app/abs; cd / && find app etc -type f -exec sha256sum {} + | sort"
inbox=$OUT
mkdir -p "$TMP/x"
tarerr=$(tar -C "$TMP/x" --exclude="./dev/*" -xf "$TMP/t.tar" 2>&1)
check "host tar extracts a snapshot without a word" all [ "$RC" = 0 ] -- [ -z "$tarerr" ]
check "host tar: every file's bytes as the box had them" \
  all [ "$(cd "$TMP/x" && find app etc -type f -exec sha256sum {} + | sort)" = "$inbox" ]
check "host tar: nanosecond times, long names and link texts kept" \
  all [ "$(stat -c %.9Y "$TMP/x/app/a2")" = 1234567890.123456789 ] -- [ "$(readlink "$TMP/x/app/abs")" = /etc/passwd ] \
  -- [ "$(tar -tvf "$TMP/t.tar" ./home/agent/ | awk '{print $1, $2}')" = "drwxr-xr-x agent/agent" ]

# Sparse files go as GNU's pax sparse format 1.0: a 1 TiB `truncate -s`
# costs its map, not a terabyte of zeros on the host's disk, comes back
# with its size and bytes, and the host's GNU tar extracts it the same.
run_acs box --snapshot "$TMP/sp.tar" -c 'truncate -s 1T /tmp/big; printf abc | dd of=/tmp/mid bs=1 seek=100000 conv=notrunc 2>/dev/null; truncate -s 300000 /tmp/mid; truncate -s 5000 /tmp/hole; head -c 9000 /dev/urandom > /tmp/dense; sha256sum /tmp/mid /tmp/dense /tmp/hole'
sums=$OUT
snapsize=$(stat -c %s "$TMP/sp.tar")
run_acs box --snapshot "$TMP/plain.tar" -c true
check "--snapshot of a 1 TiB sparse file: its map only (a few KB over a box's snapshot)" \
  all [ "$RC" = 0 ] -- [ "$snapsize" -lt $(( $(stat -c %s "$TMP/plain.tar") + 65536 )) ]
run_acs box --restore "$TMP/sp.tar" -c 'stat -c "%n %s" /tmp/big /tmp/mid /tmp/hole; du -k /tmp/big | cut -f1; sha256sum /tmp/mid /tmp/dense /tmp/hole'
check "--restore of sparse files: their sizes, their bytes, and no memory for the holes" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "/tmp/big 1099511627776
/tmp/mid 300000
/tmp/hole 5000
0
$sums" ]
mkdir -p "$TMP/sx"
tar -C "$TMP/sx" -xf "$TMP/sp.tar" ./tmp/mid ./tmp/hole ./tmp/dense 2>"$TMP/sx.err"
check "host tar extracts the sparse files with their sizes and bytes" \
  all [ ! -s "$TMP/sx.err" ] -- [ "$(cd "$TMP/sx" && sha256sum tmp/mid tmp/dense tmp/hole | sed 's#tmp/#/tmp/#')" = "$sums" ] -- \
  [ "$(tar -tvf "$TMP/sp.tar" ./tmp/big | awk '{print $3}')" = 1099511627776 ]
