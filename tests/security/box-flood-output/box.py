import sys
for i in range(2000):
    sys.stdout.write("A" * 65536)
sys.stderr.write("done\n")
