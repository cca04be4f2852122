# python: os.utime at the edges on box and mount files
import errno, os
for p in ("/work/f", "/tmp/f"):
    open(p, "w").close()
    for t in (-1, -2147483649, 2147483648, 253402300799, 10 ** 13, -10 ** 13, 2 ** 62):
        try: os.utime(p, (t, t)); os.stat(p); print(p, t, "ok")
        except (OSError, OverflowError, ValueError) as e: print(p, t, errno.errorcode.get(getattr(e, "errno", None), type(e).__name__))
print("done")
