# python: /proc and /sys files that on Linux change the kernel or another
# process: none is written
import errno
for f in ("/proc/sys/kernel/hostname", "/proc/sys/kernel/core_pattern", "/proc/sysrq-trigger", "/proc/self/mem", "/proc/1/mem",
          "/proc/self/oom_score_adj", "/proc/self/uid_map", "/sys/fs/cgroup/cgroup.procs"):
    try:
        with open(f, "w") as fh: fh.write("1")
        print("WROTE", f)
    except OSError as e: print(f, errno.errorcode.get(e.errno))
for f in ("/proc/self/mem", "/proc/kcore"):
    try: open(f, "rb").read(1) and print("READ", f)
    except OSError as e: print(f, errno.errorcode.get(e.errno))
print(open("/etc/hostname").read().strip(), "done")
