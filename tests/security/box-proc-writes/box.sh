# the writable-looking files of a Linux /proc and /sys: none reaches a host
# kernel setting or another process's memory
for f in /proc/sys/kernel/hostname /proc/sys/kernel/core_pattern /proc/sys/vm/drop_caches /proc/sysrq-trigger /proc/self/mem /proc/1/mem \
         /proc/self/oom_score_adj /proc/1/oom_score_adj /proc/self/attr/current /proc/self/uid_map /proc/self/setgroups /proc/self/comm \
         /proc/sys/net/ipv4/ip_forward /sys/kernel/mm/transparent_hugepage/enabled /sys/fs/cgroup/cgroup.procs /proc/self/loginuid; do
  echo 1 > $f 2>/dev/null && echo "WROTE $f"
done
head -c 16 /proc/self/mem >/dev/null 2>&1 && echo READ-MEM; cat /proc/kcore /proc/kallsyms /proc/self/pagemap 2>/dev/null | head -c 1 | grep -q . && echo READ-KERNEL
hostname; echo done
