# python: huge sizes and offsets are errors or sparse files
import errno, os
with open("/tmp/s", "w+b") as f:
    for k, g in {"trunc1T": lambda: f.truncate(2 ** 40), "seekWrite1T": lambda: (f.seek(2 ** 40 + 10), f.write(b"x"), f.flush()),
                 "truncHuge": lambda: f.truncate(2 ** 63 - 1), "seekHuge": lambda: (f.seek(2 ** 62), f.write(b"x"), f.flush())}.items():
        try: g(); print(k, "ok", os.fstat(f.fileno()).st_size)
        except (OSError, OverflowError, ValueError) as e: print(k, errno.errorcode.get(getattr(e, "errno", None), type(e).__name__))
    f.seek(2 ** 39); print("read", f.read(4).hex())
os.unlink("/tmp/s"); print("done")
