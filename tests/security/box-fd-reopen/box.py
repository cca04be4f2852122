# as agent, from python: a read descriptor reopened for writing
import errno, os
ro = os.open("/ro/data.txt", os.O_RDONLY); pw = os.open("/etc/passwd", os.O_RDONLY)
for p in (f"/proc/self/fd/{ro}", f"/dev/fd/{ro}", f"/proc/self/fd/{pw}"):
    for m in ("w", "a", "r+"):
        try:
            with open(p, m) as f: f.write("x")
            print("WROTE", p, m)
        except OSError as e: print(p, m, errno.errorcode.get(e.errno))
try: os.write(ro, b"x"); print("WROTE fd")
except OSError as e: print("fd", errno.errorcode.get(e.errno))
print(open("/ro/data.txt").read().strip(), "done")
