# python: host descriptor numbers are not the box's
import errno, os
own = set(int(n) for n in os.listdir("/proc/self/fd"))
for fd in range(3, 1024):
    try: os.fstat(fd); print("OPEN", fd) if fd not in own else None
    except OSError as e:
        if e.errno != errno.EBADF: print(fd, errno.errorcode.get(e.errno))
    try: os.write(fd, b"") if fd in own else (os.write(fd, b"x"), print("WROTE", fd))
    except OSError: pass
print("done")
