import os
def t(k, f):
    try:
        f(); print("did", k)
    except OSError as e:
        print(k, type(e).__name__)
t("mvWork", lambda: os.rename("/work", "/w2"))
t("rmWork", lambda: os.rmdir("/work"))
t("mvRo", lambda: os.rename("/ro", "/r2"))
open("/tmp/g", "w").write("x")
t("intoRo", lambda: os.rename("/tmp/g", "/ro/g"))
t("outOfRo", lambda: os.rename("/ro/data.txt", "/tmp/d"))
print(os.path.exists("/work"), os.path.exists("/ro/data.txt"), "done")
