import os
os.chdir("/work")
for t, n in [("$O/secret.txt", "abs"), ("../outside/secret.txt", "up")]:
    try:
        os.symlink(t, n); print("made", n)
    except OSError as e:
        print(n, type(e).__name__)
    try:
        print("READ", open(n).read())
    except OSError as e:
        print("read", n, type(e).__name__)
print("done")
