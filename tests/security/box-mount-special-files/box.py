import os
for k, f in {"fifo": lambda: open("/work/fifo").read(), "fifoW": lambda: open("/work/fifo", "w").write("x"),
             "mem": lambda: open("/work/mem", "rb").read(16), "null": lambda: open("/work/null", "w").write("x"),
             "mkfifo": lambda: os.mkfifo("/work/newfifo")}.items():
    try:
        print("OPENED", k, f())
    except Exception as e:
        print(k, type(e).__name__)
print("done")
