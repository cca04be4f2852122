import os
for p, v in [("/proc/sys/kernel/hostname", "evil-host-name"), ("/proc/sysrq-trigger", "b"), ("/proc/sys/vm/drop_caches", "1")]:
    try:
        with open(p, "w") as f:  # the write is flushed, and fails, at close
            f.write(v)
        print("WROTE", p)
    except OSError as e:
        print(p, type(e).__name__)
for p in ["/proc/kcore", "/proc/self/mem", "/dev/mem"]:
    try:
        open(p, "rb").read(1); print("MEMORY-READ", p)
    except OSError as e:
        print(p, type(e).__name__)
print("hostname", open("/etc/hostname").read().strip(), "done")
