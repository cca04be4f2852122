# a host pid is not a pid of the box: kill -0, every signal, its process
# group, ps and /proc answer as for a pid that does not exist at all
a=$(kill -0 $HOSTPID 2>&1; echo "rc $?"); b=$(kill -0 3999999 2>&1; echo "rc $?")
[ "${a//$HOSTPID/N}" = "${b//3999999/N}" ] && echo same-as-missing || echo "DIFFERS: $a / $b"
for s in 1 2 9 15 17 18 19 20 28; do kill -$s $HOSTPID 2>/dev/null && echo "SIGNALLED $s"; kill -$s -- -$HOSTPID 2>/dev/null && echo "GROUP $s"; done
ps -p $HOSTPID >/dev/null && echo PS-SHOWS; [ -e /proc/$HOSTPID ] && echo PROC-SHOWS; ls /proc/$HOSTPID 2>/dev/null && echo PROC-LISTS
cat /proc/$HOSTPID/cmdline /proc/$HOSTPID/status 2>/dev/null && echo PROC-READ
pkill -9 -f run.sh 2>/dev/null; killall -9 bash 2>/dev/null; echo done
