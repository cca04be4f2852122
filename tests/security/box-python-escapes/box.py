# python's ways out of a sandbox, in the box: none leads to the host
import os, sys
def t(k, f):
    try:
        r = f(); print(k, "RETURNED", str(r)[:60])
    except Exception as e:
        print(k, type(e).__name__)
t("ctypes", lambda: __import__("ctypes").CDLL(None))
t("system", lambda: os.system("id"))
t("fork", lambda: os.fork())
t("posixsubprocess", lambda: __import__("_posixsubprocess"))
t("socket", lambda: __import__("socket").create_connection(("127.0.0.1", $PB), 2))
t("mem", lambda: open("/proc/self/mem", "rb").read(16))
t("devmem", lambda: open("/dev/mem", "rb").read(16))
t("hostfile", lambda: open("$HOSTROOT/secret.txt").read())
t("kill", lambda: os.kill($HOSTPID, 9))
print("done")
