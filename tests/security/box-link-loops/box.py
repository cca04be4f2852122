import errno, os
os.chdir("/tmp"); os.symlink("a", "b"); os.symlink("b", "a")
try:
    open("a").read()
except OSError as e:
    print("a", errno.errorcode[e.errno])
os.chdir("/work"); os.symlink("y", "x"); os.symlink("x", "y")
try:
    open("x").read()
except OSError as e:
    print("x", errno.errorcode[e.errno])
print("done")
