import sys
sys.path.insert(0, "$O")
try:
    import evil
except ImportError as e:
    print("import", type(e).__name__)
try:
    exec(open("$O/evil.py").read())
except OSError as e:
    print("open", type(e).__name__)
print("done")
