// cmds_tree.mjs DIR - the tree bench/box/cmds.sh works on: 5 000 files,
// ~50 MB (JavaScript sources, logs, CSV) under DIR/tree and a 20 MB table
// DIR/big.txt ("word number number ..." lines). Deterministic (a fixed
// PRNG), so every run and both sides see the same bytes.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node cmds_tree.mjs DIR");
let seed = 12345;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = (a) => a[Math.floor(rnd() * a.length)];
const words = ["alpha", "beta", "gamma", "delta", "request", "response", "handler", "config", "value",
  "result", "error", "user", "session", "token", "buffer", "stream", "cache", "index", "query", "router"];

function jsFile(n) {
  let s = "";
  while (s.length < n) {
    const a = pick(words), b = pick(words);
    s += `export function ${a}_${b}${Math.floor(rnd() * 1000)}(x, y) {\n` +
      `  const ${a} = x + y * ${Math.floor(rnd() * 100)};\n` +
      `  if (${a} > ${Math.floor(rnd() * 50)}) return "${b}: " + ${a};\n  return null; // TODO ${b}\n}\n`;
  }
  return s;
}
function logFile(n) {
  let s = "";
  while (s.length < n) {
    const lvl = pick(["INFO", "WARN", "ERROR", "DEBUG"]);
    s += `2026-12-02T10:${String(Math.floor(rnd() * 60)).padStart(2, "0")}:00Z ${lvl} ${pick(words)} ` +
      `${pick(words)} took ${Math.floor(rnd() * 900)}ms status=${pick([200, 201, 404, 500])}\n`;
  }
  return s;
}
function csvFile(n) {
  let s = "id,name,amount,category\n";
  for (let i = 0; s.length < n; i++) s += `${i},${pick(words)},${(rnd() * 1000).toFixed(2)},${pick(words)}\n`;
  return s;
}

const tree = path.join(dir, "tree");
for (let i = 0; i < 5000; i++) {
  const sub = path.join(tree, `d${i % 50}`, `s${i % 7}`);
  fs.mkdirSync(sub, { recursive: true });
  const size = 4000 + Math.floor(rnd() * 12000);
  const kind = i % 3;
  const name = kind === 0 ? `f${i}.js` : kind === 1 ? `f${i}.log` : `f${i}.csv`;
  fs.writeFileSync(path.join(sub, name), kind === 0 ? jsFile(size) : kind === 1 ? logFile(size) : csvFile(size));
}
let big = "";
const parts = [];
let len = 0;
while (len < 20 * 1024 * 1024) {
  big = `${pick(words)} ${Math.floor(rnd() * 1e6)} ${Math.floor(rnd() * 1000)} ${pick(words)} a line of the table\n`;
  parts.push(big);
  len += big.length;
}
fs.writeFileSync(path.join(dir, "big.txt"), parts.join(""));
