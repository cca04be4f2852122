# python: odd names (str and bytes) made, listed and removed
import errno, os
names = ["new\nline", "tab\there", "\x01ctl", b"\xff\xfe", "-rf", " lead", "*", "\\", "n" * 255]
made = 0
for d in ("/work", "/tmp"):
    for n in names:
        p = (d.encode() + b"/" + n) if isinstance(n, bytes) else d + "/" + n
        try:
            with open(p, "w") as f: f.write("x")
            made += 1
        except OSError as e: print("FAILED", repr(n), errno.errorcode.get(e.errno))
    for n in os.listdir(d.encode()):
        if not n.startswith(b"box"): os.unlink(d.encode() + b"/" + n)
for bad in ("n" * 256, "a\0b"):
    try: open("/work/" + bad, "w").close(); print("MADE", len(bad))
    except (OSError, ValueError) as e: print("refused", type(e).__name__)
print("made", made, "left", len(os.listdir("/work")), "done")
