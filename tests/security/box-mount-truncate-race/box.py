# python: reads of a file the host rewrites meanwhile
import time
open("/work/go", "w").close()
bad, reads, end = 0, 0, time.time() + 2
while time.time() < end:
    try:
        with open("/work/f", "rb") as f: b = f.read()
        reads += 1
        if b.strip(b"a"): bad += 1
    except FileNotFoundError: pass
open("/work/stop", "w").close(); print("foreign bytes", bad, reads > 0, "done")
