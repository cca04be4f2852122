# python: path spellings at POSIX's edges, with Linux's errors
import errno, os
open("/tmp/f", "w").close()
for k, f in {"fileSlash": lambda: open("/etc/hostname/"), "fileDot": lambda: open("/etc/hostname/."), "empty": lambda: open(""),
             "mkdirFileSlash": lambda: os.mkdir("/tmp/f/"), "statFileSlash": lambda: os.stat("/tmp/f/"), "renameToSlash": lambda: os.rename("/tmp/f", "/tmp/g/"),
             "slashes": lambda: os.listdir("//etc///"), "dotdot": lambda: open("/etc/../etc/./hostname"), "openDirW": lambda: open("/tmp/", "w")}.items():
    try: f(); print(k, "ok")
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print("done")
