# python: reads, writes and listings through paths a host process swaps
import errno, os, time
open("/work/go", "w").close()
seen, end = set(), time.time() + 2
def t(f):
    try:
        r = f()
        if r is not None: seen.add(str(r).strip())
    except OSError as e: seen.add(errno.errorcode.get(e.errno, str(e.errno)))
def w(p, s):
    with open(p, "w") as f: f.write(s)
while time.time() < end:
    t(lambda: open("/work/d/secret.txt").read()); t(lambda: open("/work/l/secret.txt").read())
    t(lambda: w("/work/d/new", "x")); t(lambda: w("/work/l/new2", "y"))
    t(lambda: "LISTED-OUTSIDE" if "only-outside.txt" in os.listdir("/work/d") else None); t(lambda: os.path.realpath("/work/l/secret.txt"))
    t(lambda: os.rename("/work/d/new", "/work/l/moved")); t(lambda: os.unlink("/work/l/moved"))
open("/work/stop", "w").close()
print("\n".join(sorted(seen))); print("done")
