# python: the mount points themselves are not removed, replaced or changed
import errno, os, shutil
os.mkdir("/tmp/x")
for k, f in {"rmdirWork": lambda: os.rmdir("/work"), "rmtreeRo": lambda: shutil.rmtree("/ro"), "renameOverWork": lambda: os.replace("/tmp/x", "/work"),
             "renameOverRo": lambda: os.replace("/tmp/x", "/ro"), "utimeRo": lambda: os.utime("/ro", (1, 1)), "symlinkOver": lambda: os.symlink("/tmp", "/ro")}.items():
    try: f(); print("DID", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print(open("/ro/data.txt").read().strip(), "done")
