import os
for p in ["/work/../secret.txt", "../secret.txt", "/ro/../../secret.txt", "$W/../secret.txt"]:
    try:
        print("READ", p, open(p).read())
    except OSError as e:
        print(p, type(e).__name__)
print("LISTED-HOST" if "outside" in os.listdir("/work/..") else "box root")
os.chdir("/work/.."); print(os.getcwd())
print("done")
