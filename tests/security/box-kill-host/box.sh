# signals to host pids, to every process (-1) and to the box's init: the
# host's processes are out of reach; the box goes on
kill -9 $HOSTPID 2>/dev/null && echo KILLED-HOST; kill -STOP $HOSTPID 2>/dev/null && echo STOPPED-HOST
kill -9 1 2>/dev/null; kill -TERM 0 2>/dev/null &
sleep 30 & s=$!
kill -9 -1 2>/dev/null
wait $s; echo "sleep ended $?"
ps -e -o pid= | awk '$1 > 999' | grep -q . && echo HOST-PID-SEEN
echo done
