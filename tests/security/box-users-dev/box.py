# as agent, from python: the box's devices stay as they are
import errno, os, stat
for k, f in {"rm": lambda: os.unlink("/dev/null"), "mv": lambda: os.rename("/dev/zero", "/tmp/z"), "create": lambda: open("/dev/newdev", "w").close(),
             "link": lambda: os.symlink("/tmp/x", "/dev/l"), "rmLink": lambda: os.unlink("/dev/stdin"), "rmdir": lambda: os.rmdir("/dev")}.items():
    try: f(); print("DID", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print(stat.S_ISCHR(os.stat("/dev/null").st_mode), "done")
