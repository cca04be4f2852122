import errno, os, shutil
n255 = "n" * 255
open("/tmp/" + n255, "w").write("x"); print("255 ok")
try:
    open("/tmp/" + n255 + "x", "w"); print("LONG-NAME-MADE")
except OSError as e:
    print("256", errno.errorcode.get(e.errno, e.errno))
try:
    os.stat("/aaaaaaa" * 512)
except OSError as e:
    print("path", errno.errorcode.get(e.errno, e.errno))
# 150 levels (3150 bytes): deeper, a path past 4095 bytes is made by a
# relative mkdir that path-based rmtree (WASI's) could not reach again
os.mkdir("/tmp/deep"); os.chdir("/tmp/deep")
for i in range(150):
    os.mkdir("d" * 20); os.chdir("d" * 20)
print("deep", len(os.getcwd()))
os.chdir("/tmp"); shutil.rmtree("/tmp/deep")
print("DEEP-LEFT" if os.path.exists("/tmp/deep") else "deep removed")
print("done")
