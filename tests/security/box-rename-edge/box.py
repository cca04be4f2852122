# python: renames at the edges, with Linux's errors
import errno, os
os.makedirs("/tmp/a/b"); os.mkdir("/work/w")
for k, f in {"intoItself": lambda: os.rename("/tmp/a", "/tmp/a/b/c"), "root": lambda: os.rename("/", "/tmp/r"), "proc": lambda: os.rename("/proc", "/tmp/p"),
             "mount": lambda: os.rename("/work", "/tmp/w2"), "across": lambda: os.rename("/tmp/a", "/work/a"), "intoRo": lambda: os.rename("/work/w", "/ro/w"),
             "fromRo": lambda: os.rename("/ro/data.txt", "/work/d"), "overMount": lambda: os.replace("/work/w", "/ro")}.items():
    try: f(); print("DID", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print(os.path.exists("/ro/data.txt"), "done")
