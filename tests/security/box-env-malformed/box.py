# python: environment names and values a kernel would not take
import os
for k, v in (("a=b", "c"), ("", "x"), ("a\0b", "x"), ("a", "x\0y")):
    try: os.environ[k] = v; print("set", repr(k))
    except (ValueError, OSError) as e: print("refused", repr(k), type(e).__name__)
os.environ["BIG"] = "v" * 1000000; print(len(os.environ["BIG"]), "done")
