# python with its stdin closed: the next open is the lowest free number
import os
os.close(0)
fd = os.open("/etc/hostname", os.O_RDONLY)
print("fd", fd, len(os.read(fd, 100)) > 0, "done")
