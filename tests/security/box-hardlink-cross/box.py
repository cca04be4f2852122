import os
open("/work/f", "w").write("x")
for a, b in [("/work/f", "/tmp/x"), ("/etc/passwd", "/work/p"), ("/ro/data.txt", "/work/d")]:
    try:
        os.link(a, b); print("LINKED", a, b)
    except OSError as e:
        print(a, type(e).__name__)
print("done")
