#!/usr/bin/env bash
# box_procfd.sh - /proc/PID/fd and /dev/fd, stdin, stdout, stderr in a box,
# against what Linux shows: the links and their targets, the devices' links,
# another user's descriptors refused.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

SCRIPT='cd /tmp && echo data > f && exec 3>/tmp/f 4</etc/hostname 5<.
for n in 3 4 5; do readlink /proc/$$/fd/$n; done
for n in 3 4 5 6; do [ -e /proc/$$/fd/$n ] && echo "open $n"; done
cat /proc/$$/fd/4
readlink /proc/self/fd/0 | sed "s/[0-9][0-9]*/N/"
ls -l /dev/stdin /dev/stdout /dev/stderr /dev/fd | sed "s/.* \(\/dev\/[a-z]*\) -> /\1 -> /"
stat -c %F /dev/fd/4
stat -L -c %F /dev/stdin
echo to-stderr > /dev/stderr
echo in | cat /dev/stdin
exec 3>&- 4<&- 5<&-
for n in 3 4 5 6; do [ -e /proc/$$/fd/$n ] && echo "open $n"; done; echo closed'
run_acs box --hostname h1 -c "$SCRIPT"
# what bash on Linux prints for the same script
want="/tmp/f
/etc/hostname
/tmp
open 3
open 4
open 5
h1
pipe:[N]
/dev/fd -> /proc/self/fd
/dev/stderr -> /proc/self/fd/2
/dev/stdin -> /proc/self/fd/0
/dev/stdout -> /proc/self/fd/1
symbolic link
fifo
in
closed"
check "/proc/PID/fd names the files a process holds, /dev/std* are its links, as on Linux" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$want" ] -- has "$ERR" to-stderr
run_acs box --user agent -c 'ls /proc/1/fd; readlink /proc/1/fd/0; ls /proc/self/fd | head -1'
check "another user's descriptors: Permission denied, as Linux's fd directory is its owner's" \
  all has "$ERR" "ls: cannot open directory '/proc/1/fd': Permission denied" -- has "$OUT" "0"
run_acs box -c 'python3 -c "import time; time.sleep(3)" & sleep 1; ps -o comm=,args= -p $!; cat /proc/$!/comm; tr "\0" " " < /proc/$!/cmdline; echo; kill $!'
check "a WASI program is shown as it was run (ps, comm, cmdline), not as the host that runs it" \
  all [ "$OUT" = 'python3         python3 -c import time; time.sleep(3)
python3
python3 -c import time; time.sleep(3) ' ]
