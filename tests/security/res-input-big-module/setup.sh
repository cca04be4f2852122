# a 10 MB module (one big array literal and a long comment) and a 5 MB JSON file
python3 - "$W" <<'PY'
import sys, json
w = sys.argv[1]
with open(w + "/big.mjs", "w") as f:
    f.write("// " + "c" * 2_000_000 + "\n")
    f.write("export const data = [" + ",".join(str(i) for i in range(1_000_000)) + "];\n")
    f.write("export const text = " + json.dumps("s" * 1_000_000) + ";\n")
with open(w + "/big.json", "w") as f:
    json.dump({"rows": [{"i": i, "name": "row%d" % i} for i in range(150_000)]}, f)
PY
