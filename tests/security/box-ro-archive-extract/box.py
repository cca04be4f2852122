# python: tarfile, zipfile and shutil unpack into the read-only mount: fail
import errno, io, os, shutil, tarfile, zipfile
os.makedirs("/tmp/src"); open("/tmp/src/p.txt", "w").write("payload")
with tarfile.open("/tmp/a.tar", "w") as t: t.add("/tmp/src", arcname="src")
with zipfile.ZipFile("/tmp/a.zip", "w") as z: z.write("/tmp/src/p.txt", "src/p.txt")
for k, f in {"tarfile": lambda: tarfile.open("/tmp/a.tar").extractall("/ro"), "zipfile": lambda: zipfile.ZipFile("/tmp/a.zip").extractall("/ro"),
             "unpack": lambda: shutil.unpack_archive("/tmp/a.tar", "/ro"), "copytree": lambda: shutil.copytree("/tmp/src", "/ro/src")}.items():
    try: f(); print("DID", k)
    except OSError as e: print(k, errno.errorcode.get(e.errno))
print(sorted(os.listdir("/ro")), "done")
