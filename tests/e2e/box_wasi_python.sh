# box_wasi_python.sh - CPython 3.11 for wasm32-wasi (scripts/cpython-wasi.sh,
# built from Debian's sources; minutes, so `make test` does not build it)
# run by the box's WASI host, against the host's python3.11: -c, a script
# file with arguments, imports of the built-in modules, files in the box,
# sys.exit codes, time.sleep (an ABSTIME poll), a traceback on stderr.
source tests/e2e/lib.sh

OUTDIR=${CPYTHON_WASI:-$PWD/build/cpython-wasi}
if [ ! -f "$OUTDIR/python.wasm" ] || [ ! -f "$OUTDIR/lib/python311.zip" ]; then
  echo "skip box_wasi_python (no $OUTDIR/python.wasm: run scripts/cpython-wasi.sh first)"
  exit 0
fi
cp "$OUTDIR/python.wasm" "$TMP/python3"
chmod +x "$TMP/python3"
mkdir -p "$TMP/lib"
cp "$OUTDIR/lib/python311.zip" "$TMP/lib/"

# p NAME SCRIPT: the same shell script with the host's python3.11 (in a
# temp dir) and in the box (python3 is the module, cwd /work)
p() {
  local name=$1 script=$2 dir exp got ers grs
  dir=$(mktemp -d "$TMP/h.XXXXXX")
  cp -a "$SRC_DIR/." "$dir/"
  exp=$(cd "$dir" && PATH="$TMP/hostbin:/usr/bin:/bin" bash -c "$script" 2>/dev/null </dev/null); ers=$?
  got=$("$ACS" box --copy "$TMP/python3:/usr/local/bin/python3" --copy "$TMP/lib:/usr/local/lib" \
        --copy "$SRC_DIR:/work" --env PYTHONHOME=/usr/local -w /work -c "$script" 2>"$TMP/box.err" </dev/null); grs=$?
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ]; then echo "ok wasi python $name"; else
    echo "FAIL wasi python $name"
    echo "  host: status $ers, stdout: $(printf '%s' "$exp" | head -c 500)"
    echo "  box:  status $grs, stdout: $(printf '%s' "$got" | head -c 500)"
    echo "  box stderr: $(head -c 600 "$TMP/box.err")"
  fi
  rm -rf "$dir"
}
mkdir -p "$TMP/hostbin" "$TMP/src"
ln -s /usr/bin/python3.11 "$TMP/hostbin/python3"
SRC_DIR=$TMP/src
cat >"$SRC_DIR/prog.py" <<'PY'
import sys, json, re, csv, io, datetime, collections, hashlib, decimal, zlib, sqlite3, math, random
print(sys.argv[1:])
rows = [{"n": i, "sq": i * i} for i in range(5)]
buf = io.StringIO()
w = csv.DictWriter(buf, ["n", "sq"]); w.writeheader(); w.writerows(rows)
open("out.csv", "w").write(buf.getvalue())
print(open("out.csv").read().splitlines()[-1])
print(json.dumps(rows[:2]), re.sub(r"\d", "#", "a1b22"), hashlib.sha256(b"box").hexdigest()[:16])
print(decimal.Decimal("1.10") + decimal.Decimal("2.205"), len(zlib.compress(b"x" * 1000)) < 50)
db = sqlite3.connect("t.db"); db.execute("create table t(a)"); db.executemany("insert into t values (?)", [(1,), (2,), (3,)])
print(db.execute("select sum(a) from t").fetchone()[0])
print(collections.Counter("abracadabra").most_common(2), math.factorial(20))
random.seed(7); print(random.randint(1, 1000))
PY

p print "python3 -c 'print(2**64)'"
p script-args 'python3 prog.py a "b c"'
p exit-code "python3 -c 'import sys; sys.exit(7)'; echo \$?"
p stdin 'printf "1\n2\n3\n" | python3 -c "import sys; print(sum(int(l) for l in sys.stdin))"'
p sleep "python3 -c 'import time; t = time.monotonic(); time.sleep(0.3); print(time.monotonic() - t >= 0.29)'"
p files "python3 -c 'import os, pathlib; os.mkdir(\"d\"); pathlib.Path(\"d/f\").write_text(\"hi\"); print(sorted(os.listdir(\"d\")), open(\"d/f\").read())'"
run_acs box --copy "$TMP/python3:/usr/local/bin/python3" --copy "$TMP/lib:/usr/local/lib" --env PYTHONHOME=/usr/local \
  -c "python3 -c '1/0'"
check "wasi python traceback" all [ "$RC" = 1 ] -- has "$ERR" "ZeroDivisionError: division by zero"
