# as agent: root's process (the box's init) can be neither signalled nor
# looked into beyond what Linux shows everyone
for s in 9 15 19 1; do kill -$s 1 2>/dev/null && echo "SIGNALLED $s"; done
cat /proc/1/environ 2>/dev/null && echo READ-ENVIRON; ls /proc/1/fd 2>/dev/null && echo LISTED-FD
for l in cwd root exe; do readlink /proc/1/$l 2>/dev/null | grep -q . && echo "READ-LINK $l"; done
ls /proc/1/cwd/ /proc/1/root/root 2>/dev/null && echo ENTERED; cat /proc/1/fd/0 2>/dev/null && echo READ-FD
pkill -9 init 2>/dev/null && echo PKILLED; killall -9 init 2>/dev/null && echo KILLALLED
ps -o user= -p 1; sleep 1 & kill $! && echo "own kill ok"; echo done
