# as agent, from python, in the sticky /tmp: root's file and directory hold
# (no chmod: CPython for WASI makes os.chmod succeed doing nothing)
import errno, os
os.chdir("/tmp")
with open("mine", "w") as f: f.write("mine\n")
def w(p, m):
    with open(p, m) as f: f.write("x")
def t(k, f):
    try: f(); print("DID", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno, e.errno))
t("write", lambda: w("rootfile", "w")); t("append", lambda: w("rootfile", "a")); t("rplus", lambda: w("rootfile", "r+"))
t("unlink", lambda: os.unlink("rootfile")); t("rename", lambda: os.rename("rootfile", "r2")); t("renameOver", lambda: os.replace("mine", "rootfile"))
t("utime", lambda: os.utime("rootfile", (1, 1))); t("truncate", lambda: os.truncate("rootfile", 0))
t("list", lambda: os.listdir("private")); t("read", lambda: open("private/inner").read()); t("create", lambda: w("private/new", "w"))
t("rmdir", lambda: os.rmdir("private")); t("unlinkInner", lambda: os.unlink("private/inner"))
print(open("rootfile").read().strip(), os.path.isdir("private"), "done")
