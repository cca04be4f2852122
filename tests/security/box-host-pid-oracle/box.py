# python: a host pid's /proc entries are not the box's
import errno, os
print("PROC-SHOWS" if os.path.exists("/proc/$HOSTPID") else "no entry")
for p in ("/proc/$HOSTPID/cmdline", "/proc/$HOSTPID/status", "/proc/$HOSTPID/environ"):
    try: open(p).read(); print("PROC-READ", p)
    except OSError as e: print(p, errno.errorcode.get(e.errno))
print(sorted(int(p) for p in os.listdir("/proc") if p.isdigit())[-1] < 1000, "done")
