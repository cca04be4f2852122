# python: __file__, tracebacks, realpath, fd links and error messages name
# box paths only
import os, sys, traceback
open("/work/f", "w").write("x")
fd = os.open("/work/f", os.O_RDONLY)
print(__file__, sys.argv, os.getcwd(), sys.executable, sys.prefix, sys.path)
print(os.path.realpath("/work/f"), os.path.abspath("f"))
for p in (f"/proc/self/fd/{fd}", "/proc/self/cwd", "/proc/self/exe"):
    try: print(os.readlink(p))
    except OSError as e: print(p, e)
for f in (lambda: open("/work/nope"), lambda: os.link("/work/f", "/ro/h"), lambda: os.rename("/work/f", "/etc/f"),
          lambda: open("/ro/data.txt", "w"), lambda: open("/proc/self/mountinfo").read(), lambda: open("/proc/self/maps").read()):
    try: print(f())
    except OSError as e: print(e, e.filename)
try: raise RuntimeError("where")
except RuntimeError: traceback.print_exc(file=sys.stdout)
print(os.environ)
print(os.stat("/work"), os.statvfs("/work") if hasattr(os, "statvfs") else "")
print("done")
