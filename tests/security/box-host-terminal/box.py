# python: the host's terminals and consoles are out of reach
import errno, os
for d in ("/dev/tty", "/dev/console", "/dev/tty0", "/dev/pts/0", "/dev/ptmx", "/dev/ttyS0"):
    try:
        with open(d, "w") as f: f.write("INJECTED")
        print("WROTE", d)
    except OSError as e: print(d, errno.errorcode.get(e.errno))
print(os.isatty(0), os.isatty(1), "done")
