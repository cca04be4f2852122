import os, signal
for p in [$HOSTPID, 1, -1]:
    try:
        os.kill(p, signal.SIGKILL); print("sent", p)
    except (OSError, AttributeError) as e:
        print(p, type(e).__name__)
print("done")
