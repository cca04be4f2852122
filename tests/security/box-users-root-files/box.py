import os
def t(k, f):
    try:
        f(); print("DID", k)
    except OSError as e:
        print(k, type(e).__name__)
t("readRoot", lambda: open("/root/.profile").read())
t("listRoot", lambda: os.listdir("/root"))
t("writePasswd", lambda: open("/etc/passwd", "a").write("x"))
t("writeEtc", lambda: open("/etc/new", "w").write("x"))
t("unlink", lambda: os.unlink("/etc/hostname"))
t("rename", lambda: os.rename("/etc/passwd", "/tmp/p"))
t("link", lambda: os.link("/etc/passwd", "/tmp/h"))
t("utime", lambda: os.utime("/etc/passwd", (0, 0)))
print("done")
