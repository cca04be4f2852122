# ops.py - the matrix's operations through python's os (tests/e2e/box_usermatrix.sh).
# python3 ops.py OPS-FILE: run each line (ID OP PATH [PATH2]) in the cwd and
# print "ID OK" or "ID ERRNO-NAME" ("ID n/a" where this python has no way:
# CPython for WASI has no working chmod, no chown and no processes).
import errno, os, sys

T = 1000000000

def read(p):
    fd = os.open(p, os.O_RDONLY); os.read(fd, 4); os.close(fd)
def write(p):
    fd = os.open(p, os.O_WRONLY | os.O_APPEND); os.write(fd, b"y"); os.close(fd)
def exec_(p):
    import subprocess
    r = subprocess.run(["./" + p], capture_output=True)
    if r.stdout != b"ran\n":
        raise RuntimeError("OUT:" + repr(r.stdout))
def create(p):
    os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644))
def excl(p):
    os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))

run = {
    "read": read, "write": write,
    "trunc": lambda p: os.truncate(p, 0),
    "chmod": lambda p: os.chmod(p, 0o700) if hasattr(os, "chmod") else None,
    "chown": lambda p: os.chown(p, 1000, -1) if hasattr(os, "chown") else None,
    "chgrp": lambda p: os.chown(p, -1, 1000) if hasattr(os, "chown") else None,
    "utimes": lambda p: os.utime(p, (T, T)),
    "touch": lambda p: os.utime(p),
    "exec": exec_ if sys.platform != "wasi" else None,
    "link": lambda p, q: os.link(p, q),
    "stat": lambda p: os.stat(p),
    "create": create, "excl": excl,
    "unlink": lambda p: os.unlink(p),
    "rename": lambda p, q: os.rename(p, q),
    "mkdir": lambda p: os.mkdir(p),
    "rmdir": lambda p: os.rmdir(p),
    "symlink": lambda p: os.symlink("t", p),
    "readdir": lambda p: os.listdir(p),
}
na = set()
# CPython for WASI has os.chmod, but wasi-libc's answers success without
# asking the host (preview1 has no such call)
if not hasattr(os, "chmod") or sys.platform == "wasi": na.add("chmod")
if not hasattr(os, "chown"): na |= {"chown", "chgrp"}
if sys.platform == "wasi": na.add("exec")
out = []
with open(sys.argv[1]) as f:
    for line in f.read().split("\n"):
        if not line:
            continue
        id_, op, *args = line.split(" ")
        if op in na:
            out.append(id_ + " n/a"); continue
        try:
            run[op](*args); out.append(id_ + " OK")
        except OSError as e:
            out.append(id_ + " " + errno.errorcode.get(e.errno, str(e.errno)))
        except Exception as e:
            out.append(id_ + " " + str(e))
sys.stdout.write("\n".join(out) + "\n")
