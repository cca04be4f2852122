# python: deep JSON and recursion end in RecursionError; the interpreter goes on
import json, sys
try: json.loads("[" * 1000000)
except (RecursionError, ValueError) as e: print("json", type(e).__name__)
def f(): f()
try: f()
except RecursionError as e: print("recursion", type(e).__name__)
sys.setrecursionlimit(10 ** 6)
try: eval("(" * 100000 + ")" * 100000)
except (RecursionError, MemoryError, SyntaxError) as e: print("eval", type(e).__name__)
print(json.dumps({"a": 1}), "done")
