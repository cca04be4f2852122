# python: /proc lists the box's processes only
import os, re
pids = [int(n) for n in os.listdir("/proc") if n.isdigit()]
print("few", len(pids) < 20, "small", max(pids) < 1000)
for p in pids:
    try:
        c = open(f"/proc/{p}/cmdline").read().replace("\0", " ")
        if re.search(r"run\.sh|acs box|/work/main|net_server|registry\.mjs|systemd|sshd", c): print("HOST-PROC", c)
    except OSError: pass
print("done")
