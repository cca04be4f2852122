import tarfile, zipfile, os
os.makedirs("/work/y"); os.chdir("/work/y")
for f in (lambda: tarfile.open("../evil.tar").extractall(), lambda: zipfile.ZipFile("../evil.zip").extractall()):
    try:
        f(); print("extracted")
    except Exception as e:
        print(type(e).__name__)
print("done")
