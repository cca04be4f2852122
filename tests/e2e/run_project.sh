# A multi-file TypeScript project: reads a read-only dir, writes the work
# dir, imports JSON and CommonJS, uses builtins; and the walls around it.
. "$(dirname "$0")/lib.sh"

W="$TMP/work"; R="$TMP/data"; OUTSIDE="$TMP/outside"
mkdir -p "$W/src" "$R" "$OUTSIDE"
echo "secret" > "$OUTSIDE/secret.txt"
printf 'a,b\n1,2\n3,4\n' > "$R/input.csv"
cat > "$W/main.ts" <<'TS'
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { summarize, type Summary } from "./src/summary";
import config from "./config.json" with { type: "json" };
import legacy from "./src/legacy.cjs";
const csv = readFileSync(process.env.INPUT!, "utf8");
const s: Summary = summarize(csv);
mkdirSync("out", { recursive: true });
writeFileSync("out/result.json", JSON.stringify({ ...s, label: config.label, legacy: legacy.tag }));
console.log(`${config.label}: ${s.rows} rows, sum ${s.sum}, ${legacy.tag}`);
TS
cat > "$W/src/summary.ts" <<'TS'
export interface Summary { rows: number; sum: number }
export function summarize(csv: string): Summary {
  const rows = csv.trim().split("\n").slice(1).map((l) => l.split(",").map(Number));
  return { rows: rows.length, sum: rows.flat().reduce((a, b) => a + b, 0) };
}
TS
echo '{ "label": "report" }' > "$W/config.json"
echo 'module.exports = { tag: "cjs-ok" };' > "$W/src/legacy.cjs"

run_acs run --work-dir "$W" --read-only "$R" --env "INPUT=$R/input.csv" main.ts
check "multi-file TS project runs" [ "$OUT" = "report: 2 rows, sum 10, cjs-ok" -a "$RC" = 0 ]
check "it wrote its output in the work dir" grep -q '"sum":10' "$W/out/result.json"

cat > "$W/attack.ts" <<TS
import fs from "node:fs";
const tries: [string, () => unknown][] = [
  ["read outside", () => fs.readFileSync("$OUTSIDE/secret.txt", "utf8")],
  ["read via ..", () => fs.readFileSync("../outside/secret.txt", "utf8")],
  ["write read-only", () => fs.writeFileSync("$R/input.csv", "x")],
  ["create in read-only", () => fs.writeFileSync("$R/new.txt", "x")],
  ["write outside", () => fs.writeFileSync("$OUTSIDE/pwned.txt", "x")],
  ["symlink then read", () => { fs.symlinkSync("$OUTSIDE/secret.txt", "link"); return fs.readFileSync("link", "utf8"); }],
  ["symlink dir then write", () => { fs.symlinkSync("$OUTSIDE", "dirlink"); fs.writeFileSync("dirlink/pwned.txt", "x"); }],
  ["etc passwd", () => fs.readFileSync("/etc/passwd", "utf8")],
  ["proc environ", () => fs.readFileSync("/proc/self/environ", "utf8")],
  ["rename into read-only", () => fs.renameSync("main.ts", "$R/main.ts")],
];
for (const [name, fn] of tries) {
  try { fn(); console.log(name, "ALLOWED"); } catch (e: any) { console.log(name, e.code); }
}
try { await import("$OUTSIDE/secret.txt"); console.log("import outside ALLOWED"); } catch (e: any) { console.log("import outside", e.code); }
TS
run_acs run --work-dir "$W" --read-only "$R" attack.ts
check "every escape is refused" sh -c '! printf "%s" "$1" | grep -q ALLOWED' _ "$OUT"
check "reads outside: ENOENT" has "$OUT" "read outside ENOENT"
check "writes to read-only: EROFS" has "$OUT" "write read-only EROFS"
check "writes outside: EACCES" has "$OUT" "write outside EACCES"
check "nothing was written outside" [ ! -e "$OUTSIDE/pwned.txt" ]
check "the read-only input is unchanged" [ "$(cat "$R/input.csv")" = "$(printf 'a,b\n1,2\n3,4')" ]

ln -s "$OUTSIDE/secret.txt" "$W/preexisting-link"
run_acs run --work-dir "$W" -c '1'
check "a link pointing outside is a config error naming it" all [ "$RC" = 2 ] -- has "$ERR" "preexisting-link"
rm "$W/preexisting-link"

run_acs run --work-dir "$W" --read-only "$TMP/nope" -c '1'
check "a missing read-only dir is a config error" all [ "$RC" = 2 ] -- has "$ERR" "nope"

# The pre-run link check reads the whole tree: a guest's 1500-level-deep
# directories must not lock the work dir out of the next run, and a link
# to outside at the bottom is still found.
D="$TMP/deep"; mkdir -p "$D"
run_acs run --work-dir "$D" -c 'import fs from "node:fs"; fs.mkdirSync("a/".repeat(1500), { recursive: true }); console.log("made")'
check "a guest makes a tree 1500 levels deep" all [ "$RC" = 0 ] -- [ "$OUT" = made ]
run_acs run --work-dir "$D" -c 'console.log("next run")'
check "the next run in that work dir starts" all [ "$RC" = 0 ] -- [ "$OUT" = "next run" ]
(cd "$D" && for i in $(seq 1500); do cd a; done && ln -s "$OUTSIDE/secret.txt" deep-link)
run_acs run --work-dir "$D" -c '1'
check "a link to outside 1500 levels down is a config error naming it" all [ "$RC" = 2 ] -- has "$ERR" "deep-link"
