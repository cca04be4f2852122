#!/usr/bin/env bash
# bench/box/node_files.sh - node in a box against Node 22 on tmpfs: write,
# read and list 10 000 small files (issue 19's goal: the box at >= 0.5x
# Node's speed), a 100 MB file written and read back (>= 0.8x), and
# `node -e 'console.log(1)'` per run in a new box. The
# medians of RUNS runs (default 5) of each side, in one go.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS=$PWD/$BUILD/acs
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
RUNS=${RUNS:-5}
SHM=${SHM:-/dev/shm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$SHM/acs-bench-files" "$SHM/acs-bench-big"' EXIT
cat >"$tmp/files.js" <<'JS'
const fs = require("fs");
const dir = process.argv[2];
fs.rmSync(dir, { recursive: true, force: true });
const t0 = process.hrtime.bigint();
fs.mkdirSync(dir, { recursive: true });
for (let i = 0; i < 10000; i++) fs.writeFileSync(`${dir}/f${i}.txt`, `file ${i}\n`);
const t1 = process.hrtime.bigint();
let total = 0;
for (let i = 0; i < 10000; i++) total += fs.readFileSync(`${dir}/f${i}.txt`, "utf8").length;
const t2 = process.hrtime.bigint();
const n = fs.readdirSync(dir).length;
const t3 = process.hrtime.bigint();
if (n !== 10000 || total !== 98890) throw new Error(`wrong result: ${n} files, ${total} bytes`);
const ms = (a, b) => Number(b - a) / 1e6;
console.log(ms(t0, t1).toFixed(1), ms(t1, t2).toFixed(1), ms(t2, t3).toFixed(1), ms(t0, t3).toFixed(1));
JS
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
: >"$tmp/box"
: >"$tmp/node"
for _ in $(seq "$RUNS"); do
  "$ACS" box --copy "$tmp/files.js:/bench/files.js" --exec node /bench/files.js /tmp/files >>"$tmp/box"
  "$NODE22" "$tmp/files.js" "$SHM/acs-bench-files" >>"$tmp/node"
done
printf '10 000 small files (ms, median of %s): write / read / list / total\n' "$RUNS"
printf '  node in a box (memfs): %s / %s / %s / %s\n' "$(col 1 "$tmp/box")" "$(col 2 "$tmp/box")" "$(col 3 "$tmp/box")" "$(col 4 "$tmp/box")"
printf '  Node 22 on %s:   %s / %s / %s / %s\n' "$SHM" "$(col 1 "$tmp/node")" "$(col 2 "$tmp/node")" "$(col 3 "$tmp/node")" "$(col 4 "$tmp/node")"
awk -v b="$(col 4 "$tmp/box")" -v n="$(col 4 "$tmp/node")" 'BEGIN { printf "  the box at %.2fx Node (goal >= 0.5x)\n", n / b }'
# a 100 MB file written in 1 MB writes and read back (goal: >= 0.8x Node)
cat >"$tmp/big.js" <<'JS'
const fs = require("fs");
const p = process.argv[2];
const buf = Buffer.alloc(1 << 20, 97);
const t0 = process.hrtime.bigint();
const fd = fs.openSync(p, "w");
for (let i = 0; i < 100; i++) fs.writeSync(fd, buf);
fs.closeSync(fd);
const t1 = process.hrtime.bigint();
const back = fs.readFileSync(p);
const t2 = process.hrtime.bigint();
if (back.length !== 100 << 20) throw new Error(`read back ${back.length} bytes`);
fs.unlinkSync(p);
const ms = (a, b) => (Number(b - a) / 1e6).toFixed(1);
console.log(ms(t0, t1), ms(t1, t2), ms(t0, t2));
JS
: >"$tmp/bigbox"
: >"$tmp/bignode"
for _ in $(seq "$RUNS"); do
  "$ACS" box --copy "$tmp/big.js:/bench/big.js" --exec node /bench/big.js /tmp/big >>"$tmp/bigbox"
  "$NODE22" "$tmp/big.js" "$SHM/acs-bench-big" >>"$tmp/bignode"
done
printf 'a 100 MB file (ms, median of %s): write / read / total
' "$RUNS"
printf '  node in a box (memfs): %s / %s / %s
' "$(col 1 "$tmp/bigbox")" "$(col 2 "$tmp/bigbox")" "$(col 3 "$tmp/bigbox")"
printf '  Node 22 on %s:   %s / %s / %s
' "$SHM" "$(col 1 "$tmp/bignode")" "$(col 2 "$tmp/bignode")" "$(col 3 "$tmp/bignode")"
awk -v b="$(col 3 "$tmp/bigbox")" -v n="$(col 3 "$tmp/bignode")" 'BEGIN { printf "  the box at %.2fx Node (goal >= 0.8x)\n", n / b }'
: >"$tmp/one"
for _ in $(seq 20); do
  s=$(date +%s%N)
  "$ACS" box --exec node -e 'console.log(1)' >/dev/null
  e=$(date +%s%N)
  echo $(((e - s) / 1000)) >>"$tmp/one"
done
printf "node -e 'console.log(1)' in a new box: p50 %s us (20 runs; a box's boot included)\n" "$(median <"$tmp/one")"
