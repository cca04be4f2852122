# signals to host pids, to every process (-1) and to the box's init: the
# host's processes are out of reach; the box goes on
kill -9 $HOSTPID 2>/dev/null && echo KILLED-HOST; kill -STOP $HOSTPID 2>/dev/null && echo STOPPED-HOST
# SIGTERM to the shell's own group (kill 0) ignored here, as bash would
# die of it too; sent in the background it raced kill -9 -1 (the clean run
# under load saw the shell end 143 first)
trap '' TERM; kill -9 1 2>/dev/null; kill -TERM 0 2>/dev/null; trap - TERM
sleep 30 & s=$!
kill -9 -1 2>/dev/null
wait $s; echo "sleep ended $?"
ps -e -o pid= | awk '$1 > 999' | grep -q . && echo HOST-PID-SEEN
echo done
