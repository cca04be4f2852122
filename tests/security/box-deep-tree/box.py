# very deep trees from python: paths past PATH_MAX fail with ENAMETOOLONG
# (WASI has no dir fds, so python names each step by its whole path), and
# the tree is removed from the bottom up
import errno, os
for top in ("/tmp", "/work"):
    p, i = top, 0
    try:
        while i < 3000: os.mkdir(p + "/d"); p += "/d"; i += 1
    except OSError as e: print(top, "stopped", errno.errorcode.get(e.errno))
    print(top, "depth", i >= 500)
    while p != top: os.rmdir(p); p = p[:-2]
print("removed", os.path.exists("/tmp/d"), os.path.exists("/work/d"), "done")
