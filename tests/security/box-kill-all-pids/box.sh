# SIGKILL to every pid a process can name, but the shell's own: only the
# box's processes die (the host's pid $HOSTPID is checked alive after),
# and the shell goes on
sleep 100 & sleep 100 &
for p in $(seq 1 40000); do [ $p = $$ ] || kill -9 $p 2>/dev/null; done
wait; echo "after $(jobs | wc -l)"; kill -9 -1 2>/dev/null; echo done
