import os
try:
    with open("/tmp/f", "wb") as f:
        while True: f.write(b"x" * (1 << 20)); f.flush()
except OSError as e:
    print("write", type(e).__name__)
os.unlink("/tmp/f")
open("/tmp/after", "w").write("ok"); print(open("/tmp/after").read())
