# python: closes, reads and writes at descriptor numbers past the limits
# (WASI has no dup2)
import errno, os
for fd in (1023, 1024, 65535, 2 ** 31 - 1):
    try: os.close(fd); print("CLOSED", fd)
    except (OSError, OverflowError) as e: print("close", fd, errno.errorcode.get(getattr(e, "errno", None), type(e).__name__))
for fd in (-1, 2 ** 31 - 1, 4096):
    try: os.write(fd, b"x"); print("WROTE", fd)
    except (OSError, OverflowError) as e: print("write", fd, errno.errorcode.get(getattr(e, "errno", None), type(e).__name__))
print("done")
