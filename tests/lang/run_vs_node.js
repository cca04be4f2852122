// tests/lang/run_vs_node.js - the corpus of the source transform (src/lang).
//
//   node tests/lang/run_vs_node.js                    # (a)-(d) and the known bugs
//   node tests/lang/run_vs_node.js --positions DIR... # (b) alone over every
//        .ts/.mts/.cts/.tsx/.js/.mjs/.cjs/.jsx file under DIR (not .d.ts)
//   ACS=path/to/acs, BUILD=build-asan, VERBOSE=1      # environment knobs
//
// (a) GOLDEN. tests/lang/cases/NAME.EXT (EXT: js mjs cjs jsx ts mts cts tsx)
//     is transformed with `acs transform [FLAGS] NAME.EXT`, run in cases/,
//     FLAGS from the optional one-line NAME.opts (e.g. `--json`,
//     `--format cjs`); its stdout must equal NAME.out. When acs exits
//     non-zero, its stderr and a line "exit N" follow stdout. NAMEs must
//     differ without their extension. A .out is only ever written after
//     reading it: right code erased, every kept token where it was.
// (b) POSITION. Every case (cases/ and behave/) is transformed with --json:
//     - the output must compile as a script (vm.Script, not run);
//     - it is parsed with the TypeScript compiler (as JavaScript) and every
//       identifier in it, outside the `generated` spans and above the export
//       table that follows the last source line, is mapped back through
//       `shifts`: the input must hold the same identifier (raw text, so
//       unicode escapes count) at that line and column, and no longer one.
//       The parser rather than the bare scanner finds the identifiers
//       because only it knows regex from division and where templates resume;
//     - the same for every other non-blank character: outside generated
//       spans the output is the input's text at the shifted column;
//     - every entry of `imports` points at its specifier's string literal
//       (computed ones at the call or its argument).
// (c) BEHAVIOUR. tests/lang/behave/NAME.ts (or .js) is a single-file program
//     that prints with console.log. It is compiled with TypeScript's
//     transpileModule (target ES2022, module ESNext) to a .mjs and run under
//     Node 22; `acs run --work-dir TMP NAME.ts` must exit 0 with the same
//     stdout.
// (d) COMMONJS NAMES. For each case whose output is CommonJS (not JSX), the
//     `exports` and `reexports` the transform reports must be those Node 22's
//     own cjs-module-lexer finds (reached with --expose-internals) in the
//     source, or for TypeScript in the output without the wrapper.
//
// tests/lang/known_bugs/NAME.EXT are inputs the transform gets wrong today;
// NAME.md says how, and starts with "check: KIND", the test that shows the
// fix: out (NAME.out is the right output), behave (as (c)), cjs (as (d)),
// valid (transform succeeds and (b) holds), error (the transform reports a
// syntax error, exit status 1) or manual. They are reported, not
// counted; one that passes its check is pointed out, to be moved to cases/
// or behave/.
//
// (b) and (c) need the `typescript` package, 5.x (tests/lang/package.json, a
// test-only dependency), installed here with npm when missing; when that
// fails they are skipped with a line saying why. The last line is
// "N passed, N failed"; the exit status is 1 on any failure.
"use strict";

const fs = require("fs");
const path = require("path");
const os = require("os");
const cp = require("child_process");
const vm = require("vm");

const HERE = __dirname;
const ROOT = path.resolve(HERE, "../..");
const ACS = process.env.ACS || path.join(ROOT, process.env.BUILD || "build", "acs");
const CASES = path.join(HERE, "cases");
const BEHAVE = path.join(HERE, "behave");
const KNOWN = path.join(HERE, "known_bugs");
const EXTS = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"];
const VERBOSE = !!process.env.VERBOSE;

let passed = 0, failed = 0;
const pass = (label) => { passed++; if (VERBOSE) console.log(`ok   ${label}`); };
const fail = (label, detail) => {
  failed++;
  console.log(`FAIL ${label}`);
  if (detail) console.log(String(detail).split("\n").slice(0, 40).map((l) => "     " + l).join("\n"));
};

function listInputs(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => EXTS.includes(path.extname(f))).sort();
}

function acs(args, opts = {}) {
  const r = cp.spawnSync(ACS, args, { encoding: "utf8", maxBuffer: 256 << 20, ...opts });
  if (r.error) throw r.error;
  return r;
}

function readFlags(file) {
  const opts = file.replace(/\.[^.]+$/, ".opts");
  if (!fs.existsSync(opts)) return [];
  return fs.readFileSync(opts, "utf8").split("\n")[0].trim().split(/\s+/).filter(Boolean);
}

// What the golden .out files hold for FILE (run from its directory).
function goldenOutput(dir, name) {
  const r = acs(["transform", ...readFlags(path.join(dir, name)), name], { cwd: dir });
  let s = r.stdout;
  if (r.status !== 0) s += r.stderr + `exit ${r.status}\n`;
  return s;
}

function firstDiff(got, want) {
  const g = got.split("\n"), w = want.split("\n");
  for (let i = 0; i < Math.max(g.length, w.length); i++) {
    if (g[i] !== w[i]) {
      return `line ${i + 1}:\n  got:  ${JSON.stringify(g[i])}\n  want: ${JSON.stringify(w[i])}`;
    }
  }
  return "(same lines, different bytes)";
}

// ------------------------------------------------------------- (a) golden
function runGolden() {
  const seen = new Map();
  for (const name of listInputs(CASES)) {
    const base = name.replace(/\.[^.]+$/, "");
    if (seen.has(base)) fail(`golden ${name}`, `shares NAME.out with ${seen.get(base)}: rename one`);
    seen.set(base, name);
  }
  for (const name of listInputs(CASES)) {
    const outFile = path.join(CASES, name.replace(/\.[^.]+$/, ".out"));
    const label = `golden ${name}`;
    if (!fs.existsSync(outFile)) { fail(label, "no expected output file " + path.basename(outFile)); continue; }
    const got = goldenOutput(CASES, name);
    const want = fs.readFileSync(outFile, "utf8");
    if (got === want) pass(label); else fail(label, firstDiff(got, want));
  }
}

// ----------------------------------------------------------- (b) positions
const LINE_SPLIT = /\r\n|[\n\r\u2028\u2029]/;
const ID_PART = /[\p{ID_Continue}$\u200c\u200d\\]/u;

function mapColumn(shifts, line, genCol) {
  let delta = 0;
  for (const [l, c, d] of shifts) {
    if (l < line) continue;
    if (l > line) break;
    if (c <= genCol) delta = d;
  }
  return genCol - delta;
}

// Returns a list of problems (empty when the output is right) and the
// number of identifiers checked.
function checkPositions(ts, input, json, fileName) {
  const problems = [];
  const code = json.code;
  try {
    new vm.Script(code, { filename: fileName + ".out.js" });
  } catch (e) {
    problems.push(`output does not compile: ${e.message}`);
  }
  const srcLines = input.split(LINE_SPLIT);
  const nSrc = srcLines.length;
  const outLines = code.split(LINE_SPLIT);
  if (outLines.length < nSrc) problems.push(`output has ${outLines.length} lines, the input ${nSrc}`);
  const gen = new Map();
  for (const [l, c, e] of json.generated) {
    if (!gen.has(l)) gen.set(l, []);
    gen.get(l).push([c, e]);
  }
  const inGenerated = (line, col) => (gen.get(line) || []).some(([c, e]) => col >= c && col < e);
  const sf = ts.createSourceFile(fileName + ".out.js", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  let checked = 0;
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.Identifier || node.kind === ts.SyntaxKind.PrivateIdentifier) {
      const start = node.getStart(sf);
      const text = node.getText(sf);
      const lc = sf.getLineAndCharacterOfPosition(start);
      const line = lc.line + 1, col = lc.character + 1;
      if (line <= nSrc && !inGenerated(line, col)) {
        checked++;
        const scol = mapColumn(json.shifts, line, col);
        const sl = srcLines[line - 1];
        const at = sl.substr(scol - 1, text.length);
        const after = sl.charAt(scol - 1 + text.length);
        const before = scol > 1 ? sl.charAt(scol - 2) : "";
        if (at !== text || (after && ID_PART.test(after)) || (before && ID_PART.test(before) && !text.startsWith("#"))) {
          problems.push(`identifier ${JSON.stringify(text)} at output ${line}:${col} maps to input ${line}:${scol}, ` +
            `which reads ${JSON.stringify(sl.substr(Math.max(0, scol - 6), text.length + 12))}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // the same for every other character: outside the generated spans the
  // output is the input's text, moved by the shifts, or blanks
  for (let i = 0; i < nSrc && i < outLines.length; i++) {
    const line = i + 1, o = outLines[i], sl = srcLines[i];
    for (let c = 1; c <= o.length; c++) {
      const ch = o[c - 1];
      if (ch === " " || ch === "\t" || inGenerated(line, c)) continue;
      const scol = mapColumn(json.shifts, line, c);
      if (sl[scol - 1] !== ch) {
        problems.push(`output ${line}:${c} ${JSON.stringify(o.slice(c - 1, c + 11))} maps to input ${line}:${scol}, ` +
          `which reads ${JSON.stringify(sl.slice(scol - 1, scol + 11))}`);
        break;
      }
    }
  }
  // each import's position: the specifier's string literal (or, when
  // computed, the import/require call) in the input
  for (const imp of json.imports || []) {
    const sl = srcLines[imp.line - 1] || "";
    const at = sl.slice(imp.column - 1);
    if (imp.specifier == null) {
      // lang.h: "of the specifier (or the call)"; today it is the argument
      if (!/^(import|require)\b/.test(at) && !/^[^\s),]/.test(at)) problems.push(`computed ${imp.kind} at ${imp.line}:${imp.column} reads ${JSON.stringify(at.slice(0, 20))}`);
      continue;
    }
    const m = /^(["'])((?:\\.|(?!\1).)*)\1/.exec(at) || /^`([^`$]*)`/.exec(at);
    let val = null;
    if (m) {
      try { val = m.length === 3 ? (0, eval)(m[0]) : m[1]; } catch { val = null; }
    }
    if (val !== imp.specifier) problems.push(`import ${JSON.stringify(imp.specifier)} at ${imp.line}:${imp.column} reads ${JSON.stringify(at.slice(0, 30))}`);
  }
  return { problems, checked };
}

function transformJson(dir, name, extra = []) {
  const r = acs(["transform", "--json", ...extra, name], { cwd: dir });
  if (r.status !== 0) return { error: (r.stderr || "").trim() || `exit ${r.status}` };
  return { json: JSON.parse(r.stdout) };
}

function runPositions(ts) {
  for (const [dir, tag] of [[CASES, "cases"], [BEHAVE, "behave"]]) {
    for (const name of listInputs(dir)) {
      const label = `position ${tag}/${name}`;
      const flags = readFlags(path.join(dir, name)).filter((f) => f !== "--json");
      const t = transformJson(dir, name, flags);
      if (t.error) {
        // a case whose expected output is a syntax error has nothing to map
        const outFile = path.join(dir, name.replace(/\.[^.]+$/, ".out"));
        if (fs.existsSync(outFile) && /\nexit \d+\n$/.test(fs.readFileSync(outFile, "utf8"))) continue;
        fail(label, t.error);
        continue;
      }
      const input = fs.readFileSync(path.join(dir, name), "utf8");
      const { problems } = checkPositions(ts, input, t.json, name);
      if (problems.length) fail(label, problems.slice(0, 10).join("\n")); else pass(label);
    }
  }
}

// --positions DIR: the same check over a tree of real sources.
function positionsOver(ts, roots) {
  let files = 0, ids = 0, bad = 0, errors = 0;
  const walk = (d) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) { if (ent.name !== "node_modules") walk(p); continue; }
      if (!/\.(m|c)?tsx?$|\.(m|c)?jsx?$/.test(ent.name) || /\.d\.(m|c)?ts$/.test(ent.name)) continue;
      files++;
      const t = transformJson(path.dirname(p), path.basename(p));
      if (t.error) { errors++; failed++; console.log(`FAIL transform ${p}: ${t.error.split("\n")[0]}`); continue; }
      const r = checkPositions(ts, fs.readFileSync(p, "utf8"), t.json, p);
      ids += r.checked;
      if (r.problems.length) {
        bad++; failed++;
        console.log(`FAIL position ${p}\n` + r.problems.slice(0, 5).map((l) => "     " + l).join("\n"));
      } else {
        passed++;
      }
    }
  };
  for (const r of roots) walk(path.resolve(r));
  console.log(`${files} files, ${ids} identifiers checked, ${bad} files with wrong positions, ${errors} transform errors`);
}

// ---------------------------------------------------------- (c) behaviour
function findNode22() {
  const cands = [process.execPath,
    path.join(ROOT, "tests/.node22/node_modules/.bin/node"),
    path.join(ROOT, "bench/node_modules/.bin/node")];
  for (const c of cands) {
    if (!fs.existsSync(c)) continue;
    const r = cp.spawnSync(c, ["--version"], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.startsWith("v22.")) return c;
  }
  return null;
}

// Runs FILE (a .ts program) both ways; returns null when they agree, else
// what differs.
function behaveOne(ts, node, file, tmp) {
  const name = path.basename(file);
  const src = fs.readFileSync(file, "utf8");
  const dir = fs.mkdtempSync(path.join(tmp, name.replace(/\.[^.]+$/, "") + "-"));
  const js = ts.transpileModule(src, {
    fileName: name,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  fs.writeFileSync(path.join(dir, "ref.mjs"), js);
  const ref = cp.spawnSync(node, ["ref.mjs"], { cwd: dir, encoding: "utf8", timeout: 20000 });
  if (ref.status !== 0) return `the Node reference failed (exit ${ref.status}):\n${ref.stderr}`;
  if (ref.stdout.trim() === "") return "prints nothing under Node: not a useful behaviour test";
  fs.writeFileSync(path.join(dir, name), src);
  const got = acs(["run", "--timeout-ms", "20000", "--work-dir", dir, name], { cwd: dir });
  if (got.stdout !== ref.stdout || got.status !== 0) {
    return `exit ${got.status}\n` + (got.stdout !== ref.stdout ? firstDiff(got.stdout, ref.stdout) : "") +
      (got.stderr ? `\nacs stderr: ${got.stderr.slice(0, 1500)}` : "");
  }
  return null;
}

function runBehaviour(ts, node, tmp) {
  for (const name of listInputs(BEHAVE)) {
    const problem = behaveOne(ts, node, path.join(BEHAVE, name), tmp);
    if (problem) fail(`behave ${name}`, problem); else pass(`behave ${name}`);
  }
}

// ------------------------------------------------- (d) CommonJS export names
// Node's own cjs-module-lexer (reached with --expose-internals) over each
// file; returns Map(file -> {exports, reexports}) or null when unavailable.
function nodeCjsLexer(node, files) {
  if (!node || !files.length) return null;
  const script = `
    const l = require("internal/deps/cjs-module-lexer/lexer");
    if (l.initSync) l.initSync();
    const fs = require("fs");
    const out = {};
    for (const [f, code] of JSON.parse(fs.readFileSync(0, "utf8"))) {
      try { const r = l.parse(code); out[f] = { exports: [...r.exports], reexports: [...r.reexports] }; }
      catch (e) { out[f] = { error: String(e) }; }
    }
    process.stdout.write(JSON.stringify(out));`;
  const input = JSON.stringify(files.map(([f, code]) => [f, code]));
  const r = cp.spawnSync(node, ["--expose-internals", "--no-warnings", "-e", script],
    { input, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) return null;
  return new Map(Object.entries(JSON.parse(r.stdout)));
}

// The input Node's lexer sees: the source itself, or for TypeScript the
// transform's output (types erased) without the wrapper's first line prefix.
function cjsSubjects(dir, names) {
  const out = [];
  for (const name of names) {
    if (/x$/.test(name)) continue; // JSX is not something Node reads
    const t = transformJson(dir, name, readFlags(path.join(dir, name)).filter((f) => f !== "--json"));
    if (t.error || t.json.format !== "cjs") continue;
    const src = fs.readFileSync(path.join(dir, name), "utf8");
    const ts = /\.(m|c)?tsx?$/.test(name);
    let code = src;
    if (ts) {
      code = t.json.code.slice(t.json.generated[0][2] - 1);
      if (code.endsWith("\n})")) code = code.slice(0, -3);
    }
    out.push({ name, code, json: t.json });
  }
  return out;
}

// null: same names; undefined: Node's lexer cannot read the file (it then
// gives no names, a case not worth comparing); else what differs.
function cjsProblem(lex, json) {
  if (!lex) return "Node's lexer gave no result";
  if (lex.error) return undefined;
  const norm = (a) => JSON.stringify([...new Set(a)].sort());
  const probs = [];
  if (norm(json.exports) !== norm(lex.exports)) probs.push(`exports: acs ${JSON.stringify(json.exports)}, Node ${JSON.stringify(lex.exports)}`);
  if (norm(json.reexports) !== norm(lex.reexports)) probs.push(`reexports: acs ${JSON.stringify(json.reexports)}, Node ${JSON.stringify(lex.reexports)}`);
  return probs.length ? probs.join("\n") : null;
}

function runCjsNames(node) {
  const subj = cjsSubjects(CASES, listInputs(CASES));
  const lexed = nodeCjsLexer(node, subj.map((s) => [s.name, s.code]));
  if (!lexed) { console.log(`skip CommonJS export names (${subj.length}): Node 22's cjs-module-lexer is not reachable`); return; }
  const unread = [];
  for (const s of subj) {
    const p = cjsProblem(lexed.get(s.name), s.json);
    if (p === undefined) unread.push(s.name);
    else if (p) fail(`cjs-names ${s.name}`, p); else pass(`cjs-names ${s.name}`);
  }
  if (unread.length) console.log(`note: Node's cjs-module-lexer cannot read ${unread.join(" ")}; their export names are not compared`);
}

// ------------------------------------------------------------- known bugs
// tests/lang/known_bugs/NAME.md starts with "check: KIND", how to tell the
// bug is fixed: out (NAME.out is the right output), behave (as in (c)), cjs
// (as in (d)), valid (the transform succeeds, its output compiles and the
// position test holds), error (the transform exits 1), manual (not checked).
function runKnownBugs(ts, node, tmp) {
  const open = [], fixed = [], unchecked = [];
  for (const name of listInputs(KNOWN)) {
    const base = path.join(KNOWN, name.replace(/\.[^.]+$/, ""));
    const md = fs.existsSync(base + ".md") ? fs.readFileSync(base + ".md", "utf8") : "";
    const kind = (md.match(/^check: *(\w+)/) || [])[1] || "manual";
    let ok = null; // null: could not tell
    if (kind === "out" && fs.existsSync(base + ".out")) {
      ok = goldenOutput(KNOWN, name) === fs.readFileSync(base + ".out", "utf8");
    } else if (kind === "behave" && ts && node) {
      ok = behaveOne(ts, node, path.join(KNOWN, name), tmp) === null;
    } else if (kind === "cjs" && node) {
      const s = cjsSubjects(KNOWN, [name])[0];
      const lexed = s && nodeCjsLexer(node, [[s.name, s.code]]);
      if (lexed) { const p = cjsProblem(lexed.get(s.name), s.json); ok = p === undefined ? null : p === null; }
    } else if (kind === "error") {
      ok = acs(["transform", name], { cwd: KNOWN }).status === 1;
    } else if (kind === "valid" && ts) {
      const t = transformJson(KNOWN, name);
      ok = !t.error && checkPositions(ts, fs.readFileSync(path.join(KNOWN, name), "utf8"), t.json, name).problems.length === 0;
    }
    if (ok === null) unchecked.push(name); else (ok ? fixed : open).push(name);
  }
  if (open.length) console.log(`known bugs still open (tests/lang/known_bugs): ${open.join(" ")}`);
  if (unchecked.length) console.log(`known bugs not checked here: ${unchecked.join(" ")}`);
  for (const n of fixed) console.log(`note: known bug ${n} now behaves as expected: move it to tests/lang/cases or behave`);
}

// ------------------------------------------------------------------ main
function loadTypeScript() {
  const dir = path.join(HERE, "node_modules", "typescript");
  const tryLoad = () => {
    try {
      const ts = require(dir);
      if (!/^5\./.test(ts.version)) return { why: `typescript ${ts.version} installed, need 5.x` };
      return { ts };
    } catch (e) {
      return { why: e.message.split("\n")[0] };
    }
  };
  if (fs.existsSync(dir)) return tryLoad();
  const r = cp.spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: HERE, encoding: "utf8", timeout: 180000,
  });
  if (r.error || r.status !== 0) {
    const lines = `${r.stdout || ""}\n${r.stderr || ""}`.split("\n").map((l) => l.trim()).filter(Boolean);
    const msg = r.error ? r.error.message : lines.filter((l) => /error/i.test(l)).slice(0, 2).join("; ");
    return { why: `npm install in tests/lang failed (${msg || "exit " + r.status})` };
  }
  return tryLoad();
}

function main(argv = process.argv.slice(2)) {
  if (!fs.existsSync(ACS)) {
    console.log(`FAIL ${ACS} is not built (make -j2 all)`);
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
    return;
  }
  const t = loadTypeScript();
  if (argv[0] === "--positions") {
    if (!t.ts) { console.log(`cannot check positions: ${t.why}`); process.exitCode = 1; return; }
    positionsOver(t.ts, argv.slice(1));
  } else {
    const node = findNode22();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "acs-lang-"));
    try {
      runAll(t, node, tmp);
    } catch (e) {
      fail("run_vs_node.js stopped", e && e.stack || String(e));
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

function runAll(t, node, tmp) {
  runGolden();
  if (node) runCjsNames(node);
  else console.log("skip CommonJS export names and behaviour tests: no Node 22 found");
  if (t.ts) {
    runPositions(t.ts);
    if (node) runBehaviour(t.ts, node, tmp);
  } else {
    console.log(`skip position and behaviour tests: the typescript package is unavailable: ${t.why}`);
  }
  runKnownBugs(t.ts, node, tmp);
}

module.exports = { main, checkPositions, mapColumn };
if (require.main === module) main();
