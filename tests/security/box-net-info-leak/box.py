# python: socket names and the host's network files, into /work/out.txt
import os, socket
out = [os.uname().nodename if hasattr(os, "uname") else "", getattr(socket, "gethostname", lambda: "")()]
for f in ("/etc/hosts", "/etc/resolv.conf", "/proc/net/tcp", "/proc/net/route", "/sys/class/net"):
    try: out.append(open(f).read())
    except OSError as e: out.append(str(e))
open("/work/out.txt", "w").write("\n".join(out)); print("done")
