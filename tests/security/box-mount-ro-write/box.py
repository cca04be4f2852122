import os, shutil
f = "/ro/data.txt"
def t(k, fn):
    try:
        fn(); print("WROTE", k)
    except OSError as e:
        print(k, type(e).__name__)
t("open-w", lambda: open(f, "w").write("x"))
t("open-a", lambda: open(f, "a").write("x"))
t("create", lambda: open("/ro/new", "x"))
t("rename", lambda: os.rename(f, "/ro/x"))
t("remove", lambda: os.remove(f))
t("mkdir", lambda: os.mkdir("/ro/d"))
t("rmtree", lambda: shutil.rmtree("/ro"))
t("symlink", lambda: os.symlink("x", "/ro/l"))
t("truncate", lambda: os.truncate(f, 0))
t("utime", lambda: os.utime(f, (1, 1)))
t("copy", lambda: shutil.copy("/etc/hostname", "/ro/c"))
print("done", open(f).read().strip())
