# as agent, from python: spellings of root's directories and links into them
import errno, os
os.chdir("/home/agent"); os.symlink("/root", "r"); os.symlink("../../root", "up"); os.symlink("/etc", "e")
for p in ("/root/x", "//root/x", "/./root/x", "/home/agent/../../root/x", "r/x", "up/x", "e/passwd", "e/newfile", b"/root/x"):
    try:
        with open(p, "a") as f: f.write("pwned")
        print("WROTE", p)
    except OSError as e: print(p, errno.errorcode.get(e.errno))
for p in ("r/.profile", "up/.profile"):
    try: open(p).read(); print("READ-ROOT", p)
    except OSError as e: print(p, errno.errorcode.get(e.errno))
try: os.listdir("r/"); print("LISTED")
except OSError as e: print("list", errno.errorcode.get(e.errno))
print("done")
