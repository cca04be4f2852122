# python: os.walk of the whole box, regular files read
import os, stat
files = 0
for d, dirs, names in os.walk("/"):
    for n in names:
        p = os.path.join(d, n)
        try:
            if stat.S_ISREG(os.lstat(p).st_mode):
                with open(p, "rb") as f: data = f.read(1 << 20)
                files += 1
        except OSError: pass
print("files", files > 100, "done")
