# as agent, from python: root's init is out of reach
import errno, os
for k, f in {"environ": lambda: open("/proc/1/environ", "rb").read(), "fd": lambda: os.listdir("/proc/1/fd"), "cwd": lambda: os.readlink("/proc/1/cwd"),
             "root": lambda: os.listdir("/proc/1/root/root"), "fd0": lambda: open("/proc/1/fd/0", "rb").read(1)}.items():
    try: f(); print("READ", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print(open("/proc/1/status").readline().strip(), "done")
