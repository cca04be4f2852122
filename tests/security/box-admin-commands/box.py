# python: no way to mount, chroot, change uid or load code from the host
import errno, os
for n in ("chroot", "setuid", "setgid", "mknod", "nice", "setpriority", "system", "fork", "execv", "kill"):
    f = getattr(os, n, None)
    if f is None: print(n, "absent"); continue
    try: f(*{"chroot": ("/tmp",), "setuid": (0,), "setgid": (0,), "mknod": ("/tmp/n", 0o60600, 0x801), "nice": (-20,),
              "setpriority": (0, 0, -20), "system": ("id",), "fork": (), "execv": ("/bin/sh", ["sh"]), "kill": ($HOSTPID, 9)}[n]); print("DID", n)
    except OSError as e: print(n, errno.errorcode.get(e.errno))
for m in ("ctypes", "_ctypes", "fcntl", "resource", "pty", "termios", "grp", "pwd", "mmap"):
    try: __import__(m); print(m, "imported")
    except ImportError as e: print(m, "ImportError")
print("done")
