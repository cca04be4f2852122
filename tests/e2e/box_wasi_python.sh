# box_wasi_python.sh - the box's python3: CPython 3.11 for wasm32-wasi
# (make python, scripts/cpython-wasi.sh, from Debian's sources) laid out by
# the kernel at boot (src/kernel/boot_python.c) and run by the box's WASI
# host, against the host's Debian python3.11: -c, a script file with
# arguments, -m, - and stdin, sys.argv, os.environ, sys.exit codes,
# tracebacks (the script's and the stdlib's lines), the built-in C
# modules, files with the box user's permissions, site-packages, kill -9
# of a loop, the time limit and the memory cap.
source tests/e2e/lib.sh

PYDIR=${ACS_CPYTHON_WASI:-$PWD/build/cpython-wasi}
if [ ! -f "$PYDIR/python.wasm" ]; then
  echo "skip box_wasi_python (no $PYDIR/python.wasm: make python did not build it; see its output)"
  exit 0
fi
HOSTPY=/usr/bin/python3.11
if [ ! -x "$HOSTPY" ]; then
  echo "skip box_wasi_python (no $HOSTPY, the reference: scripts/deps.sh installs python3.11)"
  exit 0
fi

# p NAME SCRIPT: the same shell script with the host's python3.11 (python3
# and python on PATH, in a temp dir holding the sources) and in the box
# (as root, cwd /work holding the same sources): stdout, stderr and the
# status must be the same.
p() {
  local name=$1 script=$2 dir exp got ers grs eerr gerr
  dir=$(mktemp -d "$TMP/h.XXXXXX")
  cp -a "$SRC_DIR/." "$dir/"
  exp=$(cd "$dir" && env -i PATH="$TMP/hostbin:/usr/bin:/bin" HOME=/root LANG=C.UTF-8 PWD="$dir" \
        bash -c "$script" 2>"$TMP/host.err" </dev/null); ers=$?
  got=$("$ACS" box --copy "$SRC_DIR:/work" -w /work -c "$script" 2>"$TMP/box.err" </dev/null); grs=$?
  eerr=$(cat "$TMP/host.err") gerr=$(cat "$TMP/box.err")
  # the host's temp dir is the box's /work (tracebacks and __file__ name it)
  exp=${exp//$dir//work} eerr=${eerr//$dir//work}
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ] && [ "$eerr" == "$gerr" ]; then echo "ok wasi python $name"; else
    echo "FAIL wasi python $name"
    echo "  host: status $ers, stdout: $(printf '%s' "$exp" | head -c 500)"
    echo "  box:  status $grs, stdout: $(printf '%s' "$got" | head -c 500)"
    echo "  host stderr: $(printf '%s' "$eerr" | head -c 600)"
    echo "  box stderr:  $(printf '%s' "$gerr" | head -c 600)"
  fi
  rm -rf "$dir"
}
mkdir -p "$TMP/hostbin" "$TMP/src/sub" "$TMP/src/pkg"
ln -s "$HOSTPY" "$TMP/hostbin/python3"
ln -s "$HOSTPY" "$TMP/hostbin/python"
SRC_DIR=$TMP/src
cat >"$SRC_DIR/prog.py" <<'PY'
import sys, json, re, csv, io, datetime, collections, hashlib, decimal, zlib, sqlite3, math, random
print(sys.argv)
rows = [{"n": i, "sq": i * i} for i in range(5)]
buf = io.StringIO()
w = csv.DictWriter(buf, ["n", "sq"]); w.writeheader(); w.writerows(rows)
open("out.csv", "w").write(buf.getvalue())
print(open("out.csv").read().splitlines()[-1])
print(json.dumps(rows[:2]), re.sub(r"\d", "#", "a1b22"), hashlib.sha256(b"box").hexdigest()[:16])
print(decimal.Decimal("1.10") + decimal.Decimal("2.205"), len(zlib.compress(b"x" * 1000)) < 50)
db = sqlite3.connect("t.db"); db.execute("create table t(a)"); db.executemany("insert into t values (?)", [(1,), (2,), (3,)])
db.commit(); print(db.execute("select sum(a) from t").fetchone()[0])
print(collections.Counter("abracadabra").most_common(2), math.factorial(20))
random.seed(7); print(random.randint(1, 1000), datetime.date(2024, 2, 29) + datetime.timedelta(days=1))
PY
cat >"$SRC_DIR/mods.py" <<'PY'
# the C modules of issue 23's list, each used once
import math, cmath, _json, _struct, _datetime, _random, _contextvars, binascii, _bisect, _heapq
import array, _csv, unicodedata, pyexpat, _elementtree, _decimal, zlib, _sqlite3
import hashlib, struct, bisect, heapq, xml.etree.ElementTree as ET
print(sorted(m for m in ("math", "_json", "_struct", "_datetime", "_random", "_md5", "_sha1", "_sha256",
      "_sha512", "_sha3", "_blake2", "binascii", "_bisect", "_heapq", "array", "_csv", "unicodedata",
      "pyexpat", "_decimal", "zlib", "_sqlite3") if __import__(m)))
print([hashlib.new(h, b"acs").hexdigest()[:12] for h in ("md5", "sha1", "sha256", "sha512", "sha3_256", "blake2b")])
print(math.gcd(84, 36), cmath.sqrt(-4), struct.pack("<iH", 7, 9).hex(), binascii.crc32(b"abc"))
print(bisect.bisect([1, 3, 5], 4), heapq.nsmallest(2, [5, 1, 4]), array.array("i", [1, 2]).tobytes().hex())
print(unicodedata.name("é"), unicodedata.normalize("NFD", "é").encode())
print(ET.fromstring("<a><b x='1'/></a>").find("b").get("x"), zlib.adler32(b"abc"))
import sqlite3
print(sqlite3.sqlite_version_info >= (3, 40), _decimal.Decimal(1) / _decimal.Decimal(7))
PY
cat >"$SRC_DIR/err.py" <<'PY'
import sys
def inner(d):
    return d["missing"]
def outer():
    return inner({"x": 1})
print("before", flush=True)
outer()
PY
cat >"$SRC_DIR/hello.py" <<'PY'
import sys
print("hello from", __name__, sys.argv[1:])
PY
printf 'def f():\n    return "pkg.f"\n' >"$SRC_DIR/pkg/__init__.py"
printf 'import pkg, sys\nprint(pkg.f(), sys.argv)\n' >"$SRC_DIR/pkg/__main__.py"
printf '{"b": [1, 2], "a": {"c": null}}\n' >"$SRC_DIR/data.json"
printf 'print("sub", open("../data.json").read().strip())\n' >"$SRC_DIR/sub/rel.py"

p print "python3 -c 'print(2**64)'"
p python-alias "python -c 'import sys; print(sys.version_info[:3], sys.platform != \"\")'"
p script-args 'python3 prog.py a "b c"; cat out.csv'
p modules 'python3 mods.py'
p argv-c "python3 -c 'import sys; print(sys.argv)' x 'y z'"
p m-module 'python3 -m hello one two'
p m-package 'python3 -m pkg 3'
p m-stdlib 'python3 -m json.tool data.json; python3 -m json.tool --sort-keys --indent 1 data.json'
p stdin-dash 'printf "import sys\nprint(sys.argv, 6 * 7)\n" | python3 - a b'
p stdin-script 'printf "print(sum(range(10)))\n" | python3'
p stdin-read 'printf "1\n2\n3\n" | python3 -c "import sys; print(sum(int(l) for l in sys.stdin))"'
p input "printf 'bob\n' | python3 -c 'print(\"hi\", input())'"
p environ "FOO=bar python3 -c 'import os; print(os.environ[\"FOO\"], os.environ.get(\"NOPE\"), \"PATH\" in os.environ)'"
p cwd-relative 'cd sub && python3 rel.py && python3 -c "import os; print(os.path.basename(os.getcwd()), sorted(os.listdir(\"..\"))[:3])"'
p exit-code "python3 -c 'import sys; sys.exit(7)'; echo \$?"
p exit-message "python3 -c 'import sys; sys.exit(\"bad input\")'; echo \$?"
p exit-zero "python3 -c 'raise SystemExit(0)'; echo \$?; python3 -c 'import os; os._exit(3)'; echo \$?"
p traceback 'python3 err.py; echo $?'
p traceback-stdlib "python3 -c 'import json; json.loads(\"{\")'"
p syntax-error "python3 -c 'def f(:'; echo \$?"
p sleep "python3 -c 'import time; t = time.monotonic(); time.sleep(0.3); print(time.monotonic() - t >= 0.29)'"
p files "python3 -c 'import os, pathlib, shutil, glob, tempfile; os.mkdir(\"d\"); pathlib.Path(\"d/f\").write_text(\"hi\"); shutil.copy(\"d/f\", \"d/g\"); print(sorted(os.listdir(\"d\")), open(\"d/g\").read(), sorted(glob.glob(\"d/*\")))
with tempfile.TemporaryDirectory() as t: open(os.path.join(t, \"x\"), \"w\").write(\"1\"); print(os.listdir(t))'"
p shebang 'printf "#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n" >s.py; chmod +x s.py; ./s.py a "b c"'
p pipeline "python3 -c 'print(\"x\" * 100000)' | wc -c; seq 5 | python3 -c 'import sys; print(sys.stdin.read().split())' | tr -d \"'\""
p unicode "python3 -c 'import sys; print(\"héllo ✓\", sys.stdout.encoding, len(\"✓\".encode()))'"

# the box's own paths
run_acs box --copy "$SRC_DIR:/work" -w /work -c 'python3 /work/err.py'
check "wasi python traceback shows the box's path" all [ "$RC" = 1 ] -- has "$ERR" 'File "/work/err.py", line 3, in inner' \
  -- has "$ERR" 'return d["missing"]' -- has "$ERR" "KeyError: 'missing'" -- has "$OUT" before
run_acs box -c 'ls -l /usr/bin/python /usr/bin/python3; python3 -c "import sys, os; print(sys.prefix, sys.exec_prefix, [p for p in sys.path if p]); print(os.__file__, sys.executable)"'
check "wasi python layout" all [ "$RC" = 0 ] -- has "$OUT" "/usr/bin/python -> python3" -- has "$OUT" "/usr/bin/python3 -> python3.11" \
  -- has "$OUT" "/usr /usr/local ['/usr/lib/python311.zip', '/usr/lib/python3.11', '/usr/local/lib/python3.11/lib-dynload', '/usr/local/lib/python3.11/site-packages']" \
  -- has "$OUT" "/usr/lib/python3.11/os.py /usr/bin/python3" -- [ -z "$ERR" ]

# permissions: the agent's, root's. The errno is WASI's (EACCES is 2 in
# wasi-libc, 13 on Linux: docs/box-python.md), st_uid is 0 (preview1's
# filestat has no owner).
run_acs box --user agent -w /home/agent -c 'python3 -c "open(\"/root/secret\")"; echo "rc=$?"; python3 -c "open(\"/usr/lib/python3.11/os.py\", \"a\")"; echo "rc=$?"
python3 -c "open(\"/usr/local/lib/python3.11/site-packages/evil.py\", \"w\")"; echo "rc=$?"; python3 -c "import os; open(\"mine.txt\", \"w\").write(\"m\"); print(open(os.path.abspath(\"mine.txt\")).read())"; stat -c %U mine.txt'
check "wasi python agent permissions" all has "$ERR" "PermissionError: [Errno 2] Permission denied: '/root/secret'" \
  -- has "$ERR" "PermissionError: [Errno 2] Permission denied: '/usr/lib/python3.11/os.py'" \
  -- has "$ERR" "PermissionError: [Errno 2] Permission denied: '/usr/local/lib/python3.11/site-packages/evil.py'" \
  -- has "$OUT" $'rc=1\nrc=1\nrc=1\nm\nagent'
run_acs box -c 'printf "def hi():\n    return \"installed\"\n" >/usr/local/lib/python3.11/site-packages/boxmod.py
cd /tmp && python3 -c "import boxmod; print(boxmod.hi(), boxmod.__file__)"
echo "# changed" >>/usr/lib/python3.11/this.py && tail -1 /usr/lib/python3.11/this.py'
check "wasi python site-packages is root's" all [ "$RC" = 0 ] \
  -- has "$OUT" "installed /usr/local/lib/python3.11/site-packages/boxmod.py" -- has "$OUT" "# changed"
# a change of a stdlib file in one box is that box's alone
run_acs box -c 'tail -c 40 /usr/lib/python3.11/this.py; cmp /usr/lib/python3.11/os.py /usr/lib/python3.11/os.py && echo same'
check "wasi python stdlib fresh in each box" all [ "$RC" = 0 ] -- not_has "$OUT" "# changed" -- has "$OUT" same

# kill -9 of a loop, the time limit, the memory cap
run_acs box -c 'python3 -c "while True: pass" & pid=$!; sleep 1; kill -9 $pid; wait $pid; echo "status $?"'
check "wasi python kill -9 of a loop" all [ "$RC" = 0 ] -- has "$OUT" "status 137"
run_acs box --timeout-ms 3000 -c 'python3 -c "while True: pass"'
check "wasi python time limit" [ "$RC" = 124 ]
run_acs box -c 'python3 -c "b = bytearray(1536 * 1024 * 1024)"; echo "rc=$?"
wasi --max-memory-mb 64 /usr/bin/python3 -c "x = [bytes(1 << 20) for _ in range(100)]"; echo "rc=$?"
wasi --max-memory-mb 64 /usr/bin/python3 -c "x = bytes(16 << 20); print(len(x))"'
check "wasi python memory cap" all [ "$RC" = 0 ] -- has "$OUT" $'rc=1\nrc=1\n16777216' -- has "$ERR" MemoryError
