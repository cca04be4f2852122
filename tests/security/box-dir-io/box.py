# python: reads and writes of directories, in memfs and in the mounts
import errno, os
for d in ("/tmp", "/work", "/ro", "/proc"):
    try: open(d).read(); print("READ", d)
    except OSError as e: print(d, "open", errno.errorcode.get(e.errno))
    try: fd = os.open(d, os.O_RDONLY); os.read(fd, 16); print("READ fd", d)
    except OSError as e: print(d, "read", errno.errorcode.get(e.errno))
print("done")
