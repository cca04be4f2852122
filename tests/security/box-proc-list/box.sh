# every way to list processes shows the box's own: few, small pids, box
# programs only
ps -e -o pid=,comm= > /tmp/ps; n=$(wc -l < /tmp/ps)
[ "$n" -lt 20 ] && echo few; awk '$1 > 999 { print "BIG PID", $0 }' /tmp/ps
ps aux; top -b -n 1 | head -20; pgrep -l .; pidof sh; ls /proc | grep -E '^[0-9]+$' | sort -n | tail -1
cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' ' ' | grep -E 'run\.sh|acs box|/work/main|net_server|registry\.mjs|systemd|sshd' && echo HOST-PROC
echo done
