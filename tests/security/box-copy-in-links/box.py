print(open("/tree/own.txt").read().strip())
for p in ["/tree/abs", "/tree/sub/rel", "/tree/dir/secret.txt"]:
    try:
        print("READ", open(p).read())
    except OSError as e:
        print(p, type(e).__name__)
print("done")
