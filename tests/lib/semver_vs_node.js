// Compares src/pkg/semver.c and range.c with node-semver, the `semver` npm
// package that npm itself resolves with.
//
//   node tests/lib/semver_vs_node.js        (BUILD=build-x for another build)
//
// The C side is $BUILD/tests/semver_tool (`make units`), fed one question
// per line; node-semver (tests/lib/package.json, a test-only dependency,
// installed here with npm when missing) answers the same questions:
//   - satisfies(version, range) on generated pairs (1, 0, or E for a range
//     node-semver refuses),
//   - validRange(range): the desugared comparators, so that every `^`, `~`,
//     x-range and hyphen rule is checked as text and not only by sampling,
//   - valid(version) strict and loose, compare(a, b), maxSatisfying.
// Ranges come from node-semver's grammar (operators, partials, x's,
// prereleases, build metadata, hyphens, `||`, white space of every kind
// JavaScript knows), from a table of corner cases, and from random edits of
// both, with versions made from the numbers in each range so that the
// boundaries and the prerelease rule are hit. The generator is seeded
// (SEED=n to vary it). Every mismatch is printed; the last line is
// "N passed, N failed" and the exit status is 1 on any failure.
//
// One justified exception: prerelease numbers above 2^53-1, which
// node-semver compares as doubles (so distinct ones can be equal) and we
// compare exactly; compare() on those is not counted against us.
"use strict";

const fs = require("fs");
const path = require("path");
const cp = require("child_process");

const HERE = __dirname;
const ROOT = path.join(HERE, "../..");
const TOOL = path.resolve(ROOT, process.env.BUILD || "build", "tests/semver_tool");
const VERBOSE = !!process.env.VERBOSE;

let passed = 0, failed = 0;
const shown = new Map();
function check(kind, label, mine, node, excuse) {
  if (mine === node) { passed++; return; }
  if (excuse && excuse(mine, node)) { passed++; if (VERBOSE) console.log(`ok   (exception) ${kind} ${label}`); return; }
  failed++;
  const n = (shown.get(kind) || 0) + 1;
  shown.set(kind, n);
  if (n <= 25) console.log(`FAIL ${kind} ${label}\n   mine: ${mine}\n   node: ${node}`);
}

function loadSemver() {
  const dir = path.join(HERE, "node_modules", "semver");
  if (!fs.existsSync(dir)) {
    const r = cp.spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"],
      { cwd: HERE, encoding: "utf8", timeout: 180000 });
    if (r.error || r.status !== 0) {
      const msg = r.error ? r.error.message : `${r.stderr || ""}`.split("\n").filter((l) => /error/i.test(l)).slice(0, 2).join("; ");
      return { why: `npm install in tests/lib failed (${msg || "exit " + r.status})` };
    }
  }
  try {
    const { version } = require(path.join(dir, "package.json"));
    if (!/^7\./.test(version)) return { why: `semver ${version} in tests/lib/node_modules, need 7.x` };
    return { semver: require(dir) };
  } catch (e) {
    return { why: e.message.split("\n")[0] };
  }
}

// ------------------------------------------------------------ the tool
const esc = (s) => s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
const unesc = (s) => s.replace(/\\(.)/g, (_, c) => (c === "t" ? "\t" : c === "n" ? "\n" : c));
function tool(mode, rows) {
  const input = rows.map((r) => r.map(esc).join("\t")).join("\n") + "\n";
  const r = cp.spawnSync(TOOL, [mode], { input, encoding: "utf8", maxBuffer: 1 << 28, timeout: 120000 });
  if (r.error || r.status !== 0) throw new Error(`${TOOL} ${mode}: ${r.error ? r.error.message : "exit " + r.status} ${r.stderr || ""}`);
  const out = r.stdout.split("\n");
  out.pop();
  if (out.length !== rows.length) throw new Error(`${TOOL} ${mode}: ${out.length} answers for ${rows.length} questions`);
  return out.map(unesc);
}

// ------------------------------------------------------------- random
let seed = Number(process.env.SEED || 20240607) >>> 0;
function rnd() { // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rnd() * a.length)];
const chance = (p) => rnd() < p;
const int = (n) => Math.floor(rnd() * n);

const NUMS = ["0", "0", "1", "1", "2", "3", "4", "5", "10", "12", "99"];
const BIG = ["9007199254740991", "9007199254740992", "9007199254740990", "99999999999999999999", "01", "00"];
const PRE = ["alpha", "alpha.1", "alpha.2", "beta", "beta.2", "beta.11", "rc.1", "0", "1", "2", "10", "a-b", "-", "--",
  "0a", "x", "X.1", "alpha.beta", "1.2", "a.0", "pr.1.x", "Z", "alpha.01", "01", "a..b", "", "9007199254740993"];
const BUILD = ["b", "build.1", "001", "sha.abc-def", "a+b", "", "x.y"];
const SPACES = [" ", " ", " ", "  ", "\t", " \t ", "\n", "\u00a0", "\u3000", "\ufeff", "\u2028", "\u200a", "\u205f"];
const P_MUTATE = Number(process.env.P_MUTATE || 0.12);
const sp = () => (chance(0.85) ? " " : pick(SPACES));

function num() { return chance(0.03) ? pick(BIG) : pick(NUMS); }
function xr() { return chance(0.2) ? pick(["x", "X", "*"]) : num(); }

function partial(opts = {}) {
  const n = 1 + int(3);
  const parts = [];
  for (let i = 0; i < n; i++) {
    // Mostly well formed: after an x, x's (sometimes a number, which only
    // "~", "^" and hyphens tolerate).
    if (i && /^[xX*]$/.test(parts[i - 1]) && chance(0.8)) parts.push(pick(["x", "X", "*"]));
    else parts.push(chance(0.12) ? pick(["x", "X", "*"]) : num());
  }
  if (chance(0.03)) parts.push(num()); // four numbers
  let s = parts.join(".");
  if (parts.length >= 3 || chance(0.05)) {
    if (chance(opts.pre ?? 0.3)) s += "-" + pick(PRE);
    if (chance(0.12)) s += "+" + pick(BUILD);
  } else if (chance(0.04)) s += "+" + pick(BUILD);
  const prefix = chance(0.85) ? "" : pick(["v", "=", "v=", "=v", "vv", "v ", "= "]);
  return prefix + s;
}

function simple() {
  const op = chance(0.25) ? "" : pick(["=", "<", ">", "<=", ">=", "~", "~>", "^", "^", "~", ">=", "<"]);
  const gap = op && chance(0.15) ? sp() : "";
  return op + gap + partial();
}

function alternative() {
  if (chance(0.15)) return partial({ pre: 0.25 }) + sp() + "-" + sp() + partial({ pre: 0.25 });
  const n = chance(0.1) ? 0 : 1 + int(3);
  const items = [];
  for (let i = 0; i < n; i++) items.push(simple());
  return items.join(sp());
}

function range() {
  const n = chance(0.75) ? 1 : 2 + int(2);
  const alts = [];
  for (let i = 0; i < n; i++) alts.push(alternative());
  let r = alts.join(pick(["||", " || ", " ||", "|| ", "  ||  "]));
  if (chance(0.1)) r = sp() + r + sp();
  if (chance(P_MUTATE)) r = mutate(r);
  return r;
}

const MUTATE = ["", " ", "-", ".", "x", "*", "|", "||", "v", "=", ">", "<", "~", "^", "+", "0", "1", "a", "\t"];
function mutate(s) {
  const k = 1 + int(2);
  for (let i = 0; i < k; i++) {
    const at = int(s.length + 1);
    const what = int(3);
    if (what === 0) s = s.slice(0, at) + pick(MUTATE) + s.slice(at);
    else if (what === 1) s = s.slice(0, at) + s.slice(at + 1);
    else s = s.slice(0, at) + pick(MUTATE) + s.slice(at + 1);
  }
  return s;
}

// Short strings of the characters the grammar cares about.
const NOISE = "0011223459..xX*--+<>=~^|v vab\t";
function noise() {
  let s = "";
  for (let n = 1 + int(14); n > 0; n--) s += NOISE[int(NOISE.length)];
  return s;
}

function version() {
  if (chance(0.06)) return pick(["1.2", "1.2.3.4", "01.2.3", "a.b.c", "", "1.2.3-", "1.2.3+", "v", "=1.2.3", "1.2.3 4",
    "1.2.3-01", "1.2.3-a.", "1.2.3beta", "  1.2.3  ", "v1.2.3", "\t1.2.3\n", "\u00a01.2.3\u3000", "1.2.3-" + "a".repeat(250),
    "1.2.3-" + "a".repeat(251), " ".repeat(251) + "1.2.3", "9007199254740992.0.0", "9007199254740991.0.0"]);
  let s = [num(), num(), num()].join(".");
  if (chance(0.35)) s += "-" + pick(PRE.filter((p) => p && !/(^|\.)0\d|\.\.|^\.|\.$/.test(p)));
  if (chance(0.1)) s += "+" + pick(BUILD.filter((b) => b && !b.includes("+")));
  if (chance(0.05)) s = "v" + s;
  if (chance(0.03)) s = sp() + s + sp();
  return s;
}

// Versions close to the numbers a range mentions: on, just below and above
// each bound, with and without prereleases.
function versionsFor(r) {
  const out = [];
  const m = r.match(/\d+(\.(\d+|[xX*]))?(\.(\d+|[xX*]))?(-[0-9A-Za-z.-]+)?/g) || [];
  for (const t of m.slice(0, 4)) {
    const [main, pre] = [t.split("-")[0], t.includes("-") ? t.slice(t.indexOf("-") + 1) : ""];
    const parts = main.split(".").map((p) => (/^\d+$/.test(p) && p.length < 15 ? Number(p) : 0));
    while (parts.length < 3) parts.push(0);
    const bump = (i, d) => { const p = parts.slice(); p[i] = Math.max(0, p[i] + d); return p.join("."); };
    const cands = [parts.join("."), bump(2, 1), bump(2, -1), bump(1, 1), bump(0, 1), bump(0, -1), bump(1, -1)];
    const v = pick(cands);
    out.push(v);
    if (chance(0.5)) out.push(v + "-" + pick(["0", "alpha", "beta.1", "rc.2", pre || "a", pre ? pre + ".1" : "0"]));
  }
  while (out.length < 3) out.push(version());
  return out;
}

// Corner cases, most of them found by asking node-semver.
const TABLE = ["", "*", "x", "X", "1", "1.2", "1.x", "1.2.*", "1.2.3", "=1.2.3", "v1.2.3", "=v1.2.3", "= 1.2.3",
  "v 1.2.3", ">= 1.2.3", ">=  1.2.3 <  2", "~1.2.3", "~1.2", "~1", "~ 1.2", "~>1.2", "~> 1.2", "^1.2.3", "^0.2.3",
  "^0.0.3", "^1.2.x", "^0.0.x", "^0.0", "^0.x", "^0", "^ 1", ">1", "<1.2", ">=1.2.3 <2.0.0", "1.2.3 - 2.3.4",
  "1.2 - 2", "1.2.3-beta - 2", "* - 1", "1 - *", "1.2.3 -2", "1.2.3- 2", "a", "1.2.3.4", "01.2.3", "1.02", ">=01",
  "1 || 2", "1||2", "||", "1 ||", "|| 1", "1 | 2", "1.2.3 2.3.4", ">", ">=", "<=*", "<*", ">*", ">x", "=*", "~*",
  "^*", "~x.1", "1.x.3", "1.*.3", "x.2.3", "1.2.3-alpha", "1.2.3+build", "1.2.x-alpha", "1.2-alpha", "1.2.3-01",
  "1.2.3-a.01", "1.2.3-", ">=1.2.3-alpha.1 <1.2.3", "~1.2.3-beta", "^1.2.3-beta.2", "^0.0.3-beta",
  "1.2.3 - 2.3.4 || 5", "1 - 2 - 3", "1.2.3+b - 2", "x.1", "x.x.1", "1.x.x", "1.*.*", "*.*", "*.*.*", "~1.x.3",
  "^x.1", ">=x.1", ">1.x.3", "1.2.x.4", "~x", "~x.x.1", "^1.x.3", "1.2.x+b", "1.2.x-a+b", "1.x-a", "~1.2.x-a",
  "^1.2.x-a", "~1.2-a", ">=1.2.x-a", ">1.x-a", "=1.2.x-a", "vv1.2.3", "=v=v1.2.3", "v=1.2.3", ">=v1", ">=v 1",
  ">= v1", ">==1", "=>1", "<>1", "v1 - v2", "=1 - =2", ">1 - 2", "~1 - 2", "1 -  2", " 1  -  2 ", "1\t-\t2", "~v1",
  "^v1", "^=1", "~=1", "~ =1", "~~1", "^~1", "~^1", "^>1", "> ~1", ">~1", "1.2.3-a.b.c", "1.2.3-0a", "1.2.3-a-b",
  "1.2.3--", "1.2.3-x.X", "1.2.3+01", "1.2.3+a+b", "1.2.3-a+", "1.2.3+", "1.2.3-a..b", "1.2.3 -a", "1 2 3",
  ">=1 <=2 || ~3.1 ^4.5.6 - 7", "^9007199254740991", "9007199254740992", "~9007199254740991.1",
  "1.2.9007199254740991", ">9007199254740991", ">1.9007199254740991", "<=9007199254740991", "9007199254740991",
  "1.2.3-99999999999999999999", "> =1.2.3", "> =1", ">= =1", "~>=1", "~ > 1", "^ >1", "1.x.x-a", "x.x.x-a",
  "~x.1.2-a", "1.x.3-a", "~1.x.3-a", "1.2.x-01", "1.2.x-a..b", "1.2.x+", "x.1 - 2", "1.2.x-a - 2", "1 - 2.3.4+b",
  "1 - 2.x-a", "= 1 - = 2", "v 1 - v 2", "=v=1 - 2", "==1", "=v=v1", "v=1", "vv1", "~=v=1.2.3", "^vvv1.2.3",
  ">=vv1.2.3", ">=vv1.2", "1.2.3+a+b+c", "1.2+a", "1+a", "1.2.3-a+b.c", " =1.2.3", "=1.2.3 - 2", "=v1.2.3 - 2",
  "v1.2.3 - 2", "vv1.2.3 - 2", "= 1.2.3 - 2", "1 - =2.3.4", "1 - v2.3.4", "1 - = 2.3.4", "1 - 2.3.4-a",
  "1 - =2.3.4-a", "1 - v2.3.4-a+b", "=1.2.3-a - 2", "1.2.3-a - 2", "v1.2.3-a+b - 2", "~x.99999999999999999999",
  "1.2.99999999999999999999", "x.99999999999999999999 - 1", "1.x.99999999999999999999",
  "^1.x.99999999999999999999", "1 - 2.x.9", "1 - 2.x.9-a", "1.x.9 - 2", "1 - x", "x - x", "* - *",
  "1.2.3 - 1.2.3", "1.2.3-0 - 1.2.3-0", "~0.0.0", "^0.0.0", "^0.0.0-beta", "<0.0.0-0", "<0.0.0-0 || 1",
  "<0.0.0-0 || *", "<x || ^1", "<x || >x", "v1.2", "=v1.2", ">=v1.2.3", ">v1.2.3", ">=v=1.2.3", ">=v=1.2", "<=v1",
  "**", "*x", "x*", "1.2.3 *", "^1.2.3 *", "* ^1.2.3", "~*1", "1.2.3+*", "1.2.3-*", "<=*1", "= *", "* *",
  "1.2.3 >=0.0.0", ">=0.0.0", ">=0.0.0-0", ">=0.0.0+b", ">=0", ">=v0.0.0 <0.0.0-b", "0.0.0 - 1", "v0.0.0 - 1",
  "* || 1.2.3-beta", "1.2.3-beta || *", "1.2.3-beta || >=0.0.0", ">=0.0.0 <0.0.0-beta", "=0.0.0 <0.0.0-b",
  "1.2.3-" + "a".repeat(249), "1.2.3-" + "a".repeat(250), "1.2.3-" + "a".repeat(251), "1.2.3-a." + "a".repeat(250),
  "1.2.x-" + "a".repeat(250), "1.2.x-" + "a".repeat(251), "1.2.x-1" + "a".repeat(251), "1.2.3+" + "a".repeat(300),
  "1.2.3-" + "1".repeat(250), "1.2.3-" + "1".repeat(251), "v1.2.3-" + "a".repeat(249), "^1.2.3-" + "a".repeat(250),
  "1 ||| 2", "1 |||| 2", "1\u00a0||\u30002", "\ufeff1.2.3", "1.2.3\u2028", "1 \u2029 2", ">=\u00a01",
  "~\u30001", "1.2.3 \n- 2", "1.2.3 -\t2", ">1.2.3-a <1.2.3", ">1.2.3-a <2", "1.2.3-a - 2"];

// --------------------------------------------------------------- main
function main() {
  if (!fs.existsSync(TOOL)) {
    console.log(`FAIL ${TOOL} is not built (make units)`);
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
    return;
  }
  const s = loadSemver();
  if (!s.semver) {
    console.log(`skip semver_vs_node: ${s.why}`);
    console.log("0 passed, 0 failed");
    return;
  }
  const semver = s.semver;
  const nodeValidRange = (r) => { const v = semver.validRange(r); return v === null ? "E" : v; };


  // Ranges: the table, then generated.
  const ranges = TABLE.slice();
  const N = Number(process.env.N || 4000);
  for (let i = 0; i < N; i++) ranges.push(chance(0.1) ? noise() : range());

  // validRange as text
  const vr = tool("--range", ranges.map((r) => [r]));
  ranges.forEach((r, i) => check("validRange", JSON.stringify(r), vr[i], nodeValidRange(r)));

  // satisfies
  const pairs = [];
  for (const r of ranges) for (const v of versionsFor(r)) pairs.push([v, r]);
  const sat = tool("--satisfies", pairs);
  pairs.forEach(([v, r], i) => {
    const node = semver.validRange(r) === null ? "E" : semver.satisfies(v, r) ? "1" : "0";
    check("satisfies", `${JSON.stringify(v)} ${JSON.stringify(r)}`, sat[i], node);
  });

  // versions, strict and loose
  const versions = [];
  for (let i = 0; i < 1500; i++) versions.push(version());
  for (let i = 0; i < 500; i++) versions.push(mutate(version()));
  for (let i = 0; i < 500; i++) versions.push(noise());
  versions.push(" = v 2.1.5foo", " = v 2.1.5-foo", "=v2.1.5", "  =v2.1.5", "      2.1.5   ", "~1.0.0", "1.2.34.5",
    "1.2.3-.a", "1.2.3-+b", "01.02.03-01.0a+00", "1.2.3-0009007199254740993", "1.2.3-009", "1.2.3-00.01",
    "1.2.3a.b", "1.2.3-beta.+b", "=v=v1.2.3", "1.2.3-a-");
  const strict = tool("--valid", versions.map((v) => [v]));
  const loose = tool("--loose", versions.map((v) => [v]));
  versions.forEach((v, i) => {
    check("valid", JSON.stringify(v), strict[i], semver.valid(v) ?? "E");
    check("valid-loose", JSON.stringify(v), loose[i], semver.valid(v, { loose: true }) ?? "E");
  });

  // precedence
  const good = versions.filter((v) => semver.valid(v));
  const cmpRows = [];
  for (let i = 0; i < 3000; i++) {
    const a = pick(good);
    // Often a near neighbour: same numbers, other prerelease.
    const b = chance(0.5) ? a.replace(/-.*$/, "") + (chance(0.7) ? "-" + pick(PRE.filter((p) => p && !/(^|\.)0\d|\.\.|^\.|\.$/.test(p))) : "") : pick(good);
    cmpRows.push([a, semver.valid(b) ? b : a]);
  }
  const big = (x) => /(^|[-.])\d{16,}/.test(x.replace(/^[^-]*/, ""));
  const cmps = tool("--compare", cmpRows);
  cmpRows.forEach(([a, b], i) => check("compare", `${a} ${b}`, cmps[i], String(semver.compare(a, b)),
    () => big(a) || big(b)));

  // maxSatisfying
  const maxRows = [];
  for (let i = 0; i < 1000; i++) {
    const r = pick(ranges);
    const list = versionsFor(r).concat(versionsFor(r), [version(), version()]);
    maxRows.push([r, ...list]);
  }
  const maxes = tool("--max", maxRows);
  maxRows.forEach(([r, ...list], i) => {
    const node = semver.validRange(r) === null ? "E" : semver.maxSatisfying(list, r) ?? "-";
    check("maxSatisfying", `${JSON.stringify(r)} ${JSON.stringify(list)}`, maxes[i], node);
  });

  for (const [kind, n] of shown) if (n > 25) console.log(`(${n - 25} more ${kind} failures not shown)`);
  console.log(`${passed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

main();
