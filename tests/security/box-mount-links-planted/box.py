import os
os.chdir("/work")
for l in ["abs", "rel", "dir/secret.txt", "reldir/secret.txt"]:
    try:
        print("READ", l, open(l).read())
    except OSError as e:
        print(l, type(e).__name__)
for p in ["dir/new", "reldir/new", "abs"]:
    try:
        open(p, "w").write("x"); print("wrote", p)
    except OSError as e:
        print(p, type(e).__name__)
print("done")
