# python: its working directory removed under it
import errno, os
os.makedirs("/tmp/d/sub"); os.chdir("/tmp/d/sub"); os.rmdir("/tmp/d/sub")
for k, f in {"create": lambda: open("x", "w").close(), "list": lambda: os.listdir("."), "mkdir": lambda: os.mkdir("n")}.items():
    try: f(); print(k, "ok")
    except OSError as e: print(k, errno.errorcode.get(e.errno))
os.chdir("/"); print(os.listdir("/tmp/d"), "done")
