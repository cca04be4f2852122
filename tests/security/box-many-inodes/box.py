# a million empty files from python: ENOSPC stops them, the box goes on
import errno, os, shutil
os.mkdir("/tmp/m")
n, code = 0, "none"
try:
    while n < 1000000:
        open(f"/tmp/m/{n}", "w").close(); n += 1
except OSError as e: code = errno.errorcode.get(e.errno)
print("made", n >= 1000, code)
shutil.rmtree("/tmp/m")
with open("/tmp/after", "w") as f: f.write("ok")
print(open("/tmp/after").read(), "done")
