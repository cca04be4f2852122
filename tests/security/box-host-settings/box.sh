# the settings a root program would change on a host: host name, clock,
# limits, priorities, kernel knobs; each stays the box's or is refused
hostname evil-host-name 2>/dev/null; echo "hostname now $(hostname)"
date -s '2001-01-01 00:00:00' >/dev/null 2>&1; date +%Y | grep -qx 2001 && echo CLOCK-SET
ulimit -n 1048576 2>/dev/null; ulimit -u unlimited 2>/dev/null
nice -n -20 true 2>/dev/null; renice -n -20 $$ >/dev/null 2>&1
echo 1 > /proc/sys/kernel/sysrq 2>/dev/null && echo SYSRQ-WRITTEN
echo b > /proc/sysrq-trigger 2>/dev/null && echo SYSRQ-TRIGGERED
echo 1 > /proc/sys/vm/drop_caches 2>/dev/null && echo CACHES-DROPPED
cat /proc/kcore /proc/self/mem /dev/mem 2>/dev/null | head -c 1 | grep -q . && echo MEMORY-READ
echo done
