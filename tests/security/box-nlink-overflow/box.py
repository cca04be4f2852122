# python: 70 000 hard links to one file; the count never wraps
import errno, os
os.mkdir("/tmp/l")
with open("/tmp/f", "w") as f: f.write("data")
n, code = 0, "none"
try:
    while n < 70000: os.link("/tmp/f", f"/tmp/l/{n}"); n += 1
except OSError as e: code = errno.errorcode.get(e.errno)
nl = os.stat("/tmp/f").st_nlink
print("links", n, code, "count right" if nl == n + 1 else f"COUNT WRONG {nl}")
for i in range(n): os.unlink(f"/tmp/l/{i}")
print(os.stat("/tmp/f").st_nlink, open("/tmp/f").read(), "done")
