import errno, os
fds, why = [], ""
try:
    for i in range(5000):
        fds.append(os.open("/etc/passwd", os.O_RDONLY))
except OSError as e:
    why = errno.errorcode.get(e.errno, e.errno)
print("table full", why, len(fds) > 100)
for fd in fds:
    os.close(fd)
print("reopen ok" if open("/etc/hostname").read() else "REOPEN FAILED")
print("done")
