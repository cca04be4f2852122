import os
for p in ["/proc/self/root$HOSTROOT/secret.txt", "/proc/1/root$HOSTROOT/secret.txt", "/proc/self/cwd/../secret.txt", "/proc/self/root/../../secret.txt"]:
    try:
        print("READ", p, open(p).read())
    except OSError as e:
        print(p[:20], type(e).__name__)
if any(n.isdigit() and len(n) >= 4 for n in os.listdir("/proc")): print("HOST-PIDS")
print("done")
