# a 5 MB single-line TypeScript file with a syntax error at the very end
python3 - "$W" <<'PY'
import sys
w = sys.argv[1]
with open(w + "/long.ts", "w") as f:
    f.write("const xs: number[] = [" + ",".join("1" for _ in range(2_500_000)) + "]; export default xs.length; )")
PY
