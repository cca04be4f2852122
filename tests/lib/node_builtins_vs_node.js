// Compares the Node builtin modules written in src/js/lib (node_path,
// node_querystring, node_string_decoder, node_url, node_os, node_util,
// node_assert) with Node 22's own modules.
//
//   node tests/lib/node_builtins_vs_node.js
//
// Each file is loaded the way the runtime loads it (the body of
// `function (exports, require, host)`), with a `require` that loads its
// sibling files, Node's util.inspect standing in for inspect.js (being
// rewritten separately), Node's process for process.js and a `host` with a
// fixed working directory. Inputs are tables written for this test plus
// seeded pseudo-random inputs, so every run checks the same cases. Every
// mismatch is printed; the last line is "N passed, N failed".
//
// Justified exceptions (checked against the sandbox's value instead of
// Node's, or not compared):
//   - os: the sandbox's machine is fixed and neutral (hostname "sandbox",
//     2 CPUs, user "sandbox" uid 1000, ...); only the shapes, the constants
//     and the argument errors are compared with Node.
//   - path.matchesGlob: negated extglobs followed by more pattern
//     ("!(a)*") and "."/".." names against patterns mixing a literal dot
//     and extglobs are left out (minimatch's regex construction there is
//     not reproduced).
//   - url.parse: non-ASCII host names go through url.js's WHATWG host
//     parser for IDNA; a non-ASCII label that maps to digits is not
//     compared.
//   - util.types.isProxy and isExternal: JavaScriptCore gives no way to
//     detect a Proxy; isProxy is always false (not compared for proxies).
//     isKeyObject/isCryptoKey depend on other files and are not compared.
//   - util.getCallSites, util.log and util.aborted are not compared (they
//     show stack frames, the clock and the event loop); util.debuglog is
//     checked against the expected text for the sandbox's NODE_DEBUG.
//   - os function names: Node's internal "wrappedFn" wrapper names are
//     not compared.
"use strict";

const fs = require("fs");
const path = require("path");
const util = require("util");

const LIB = path.join(__dirname, "../../src/js/lib");
// The working directory the runtime would give is whatever Node runs in.
const CWD = process.cwd();
const host = {
  cwd: CWD,
  write: (fd, s) => fs.writeSync(fd, s),
  hrtime: () => Number(process.hrtime.bigint()),
  timeOrigin: performance.timeOrigin,
  env: [],
  sourceLine(url, line) {
    try {
      return fs.readFileSync(url.replace(/^file:\/\//, ""), "utf8").split("\n")[line - 1];
    } catch {
      return undefined;
    }
  },
};
const fakeEnv = { NODE_DEBUG: "foo,bar*" };
const fakeProcess = {
  process: Object.create(process, { env: { value: fakeEnv }, pid: { value: 42 } }),
  emitWarning: (...args) => process.emitWarning(...args),
};
const loaded = new Map();
function shimRequire(name) {
  if (name === "inspect") {
    return { inspect: util.inspect, format: util.format, formatWithOptions: util.formatWithOptions,
      stripVTControlCharacters: util.stripVTControlCharacters };
  }
  if (name === "process") return fakeProcess;
  if (!loaded.has(name)) {
    const exports = {};
    loaded.set(name, exports);
    new Function("exports", "require", "host", fs.readFileSync(path.join(LIB, `${name}.js`), "utf8"))(exports, shimRequire, host);
  }
  return loaded.get(name);
}
function load(name) {
  const e = shimRequire(name);
  return "module" in e ? e.module : e;
}

let passed = 0;
let failed = 0;
function show(f) {
  try {
    return util.inspect(f(), { depth: 6, showHidden: false, breakLength: Infinity, getters: false });
  } catch (e) {
    return `throw ${e && e.name} ${e && e.code} ${e && e.message}`;
  }
}
function check(label, mine, node) {
  if (mine === node) {
    passed++;
    return;
  }
  failed++;
  console.log(`FAIL ${label}\n   mine: ${mine}\n   node: ${node}`);
}
// Runs f(module) against both and compares what it returns or throws.
function same(label, mineMod, nodeMod, f) {
  check(label, show(() => f(mineMod)), show(() => f(nodeMod)));
}

let seed = 20261201;
function rnd(n) {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
function gen(alphabet, maxLen) {
  let s = "";
  const n = rnd(maxLen);
  for (let i = 0; i < n; i++) s += alphabet[rnd(alphabet.length)];
  return s;
}

process.removeAllListeners("warning");
process.on("warning", () => {});

// ---------------------------------------------------------------------------
// path

{
  const mine = load("node_path");
  const node = require("path");
  same("path keys", mine, node, (p) => Object.keys(p));
  check("path.posix === path", String(mine.posix === mine), "true");
  check("path.win32.win32", String(mine.win32.win32 === mine.win32 && mine.win32.posix === mine), "true");
  check("path/posix module", String(load("node_path_posix") === mine), "true");
  check("path/win32 module", String(load("node_path_win32") === mine.win32), "true");
  for (const flavour of ["posix", "win32"]) {
    const M = mine[flavour];
    const N = node[flavour];
    same(`${flavour} sep/delimiter`, M, N, (p) => [p.sep, p.delimiter]);
    // Argument errors.
    const bad = [1, null, undefined, {}, true];
    for (const v of bad) {
      for (const fn of ["normalize", "dirname", "extname", "isAbsolute", "parse"]) same(`${flavour}.${fn}(${util.inspect(v)})`, M, N, (p) => p[fn](v));
      same(`${flavour}.basename(x, ${util.inspect(v)})`, M, N, (p) => p.basename("a", v));
      same(`${flavour}.join(a, ${util.inspect(v)})`, M, N, (p) => p.join("a", v));
      same(`${flavour}.resolve(a, ${util.inspect(v)})`, M, N, (p) => p.resolve("a", v));
      same(`${flavour}.relative(${util.inspect(v)})`, M, N, (p) => p.relative(v, "a"));
      same(`${flavour}.relative(a, ${util.inspect(v)})`, M, N, (p) => p.relative("a", v));
      same(`${flavour}.format(${util.inspect(v)})`, M, N, (p) => p.format(v));
      same(`${flavour}.toNamespacedPath(${util.inspect(v)})`, M, N, (p) => p.toNamespacedPath(v));
      same(`${flavour}.matchesGlob(${util.inspect(v)})`, M, N, (p) => p.matchesGlob(v, "*"));
    }
    same(`${flavour}.join()`, M, N, (p) => p.join());
    same(`${flavour}.resolve()`, M, N, (p) => p.resolve());
    // Seeded random paths over an alphabet full of separators and dots.
    const alphabet = flavour === "posix"
      ? ["a", "b", ".", "/", "..", "/", ".a", "//", "é"]
      : ["a", "b", ".", "/", "\\", "..", "C:", "c:", "\\\\", "?", "CON:", ":", "srv", "UNC", "D:\\"];
    const fns = ["normalize", "join", "resolve", "relative", "dirname", "basename", "extname", "parse", "isAbsolute", "toNamespacedPath", "format"];
    for (let k = 0; k < 2400; k++) {
      const fn = fns[k % fns.length];
      let args;
      if (fn === "join" || fn === "resolve") {
        args = [];
        const n = rnd(4);
        for (let i = 0; i < n; i++) args.push(gen(alphabet, 9));
      } else if (fn === "relative") args = [gen(alphabet, 9), gen(alphabet, 9)];
      else if (fn === "basename") args = rnd(2) ? [gen(alphabet, 9)] : [gen(alphabet, 9), gen(alphabet, 4)];
      else if (fn === "format") {
        const pick = () => (rnd(2) ? gen(alphabet, 5) : undefined);
        args = [{ root: pick(), dir: pick(), base: pick(), name: pick(), ext: pick() }];
      } else args = [gen(alphabet, 10)];
      same(`${flavour}.${fn}(${JSON.stringify(args)})`, M, N, (p) => p[fn](...args));
    }
  }
  // A table of classic cases.
  const table = ["", "/", "//", "///", ".", "..", "a/b/c", "/a/b/c/", "a//b", "/a/./b/../c", "../../a", "a/..", "/..",
    "/../", "file.txt", ".bashrc", "a.b.c", "a.", "...", "..a", "/a/b.js/", "C:\\a\\b", "\\\\srv\\share\\x", "C:",
    "C:a", "c:\\", "\\\\?\\C:\\x", "\\\\.\\CON:x", "CON:..\\x", "a:b", "foo:bar"];
  for (const flavour of ["posix", "win32"]) {
    for (const p of table) {
      for (const fn of ["normalize", "dirname", "basename", "extname", "parse", "isAbsolute", "toNamespacedPath"]) {
        same(`table ${flavour}.${fn}(${JSON.stringify(p)})`, mine[flavour], node[flavour], (m) => m[fn](p));
      }
      same(`table ${flavour}.resolve(/x, ${JSON.stringify(p)})`, mine[flavour], node[flavour], (m) => m.resolve("/x", p));
      same(`table ${flavour}.relative(/a/b, ${JSON.stringify(p)})`, mine[flavour], node[flavour], (m) => m.relative("/a/b", p));
    }
  }
  // matchesGlob: a table and seeded random patterns (see the exceptions).
  const globs = [[".a", "*"], ["a/.b", "a/*"], [".a", ".*"], ["a/b/c", "**"], ["a/b/c", "a/**"], ["a", "a/**"],
    ["a/.b/c", "a/**/c"], ["a", "!a"], ["#a", "#a"], ["a", "{a,b}"], ["c", "{a,b}"], ["a2", "a{1..3}"],
    ["a10", "a{1..10..3}"], ["a02", "a{01..03}"], ["ab", "+(a|b)"], ["ab", "@(a|b)"], ["x", "!(a|b)"], ["a", "!(a|b)"],
    ["a", "[a-z]"], ["a", "[!a]"], ["b", "[^a]"], ["a", "[[:alpha:]]"], ["1", "[[:digit:]]"], ["a/b", "a\\/b"],
    ["/a", "/*"], ["a/", "a"], ["a", "a/"], ["a//b", "a/b"], ["./a", "a"], ["a/b/../c", "a/c"], ["A", "a"],
    ["a.js", "*.js"], ["x/y/a.js", "**/*.js"], ["x/.y/a.js", "**/*.js"], ["a", "?"], ["", "*"], ["", "**"],
    ["a/b", "*/b"], ["b", "**/b"], ["ab", "a**"], ["a/b", "a**"], ["[", "["], ["a]", "a]"], ["a", "[]a]"],
    ["{", "{{,a}"], ["a.ts", "!(*.ts)"], ["a.js", "!(*.ts)"], ["abc", "a!(b)c"], ["ac", "a!(b)c"],
    ["C:\\x\\y", "C:/x/*"], ["\\\\srv\\x", "//srv/*"], ["a", ""], ["", ""]];
  for (const [p, g] of globs) {
    same(`matchesGlob(${JSON.stringify(p)}, ${JSON.stringify(g)})`, mine, node, (m) => m.matchesGlob(p, g));
    same(`win32.matchesGlob(${JSON.stringify(p)}, ${JSON.stringify(g)})`, mine.win32, node.win32, (m) => m.matchesGlob(p, g));
  }
  const pa = ["a", "b", ".", "/", "*", "**", "?", "[a-b]", "[!a]", "{a,b}", "{,a}", "@(a|b)", "+(a)", "*(b|c)", "?(a)",
    "\\", "..", "[", "]", "{", "}", ",", "(", ")", "|", "!", "#"];
  const fa = ["a", "b", ".", "/", "..", "ab", ".a", "\\", "*", "[", "{"];
  for (let k = 0; k < 1500; k++) {
    const p = gen(fa, 6);
    const g = gen(pa, 5);
    same(`matchesGlob(${JSON.stringify(p)}, ${JSON.stringify(g)})`, mine, node, (m) => m.matchesGlob(p, g));
    same(`win32.matchesGlob(${JSON.stringify(p)}, ${JSON.stringify(g)})`, mine.win32, node.win32, (m) => m.matchesGlob(p, g));
  }
}

// ---------------------------------------------------------------------------
// querystring

{
  const mine = load("node_querystring");
  const node = require("querystring");
  same("querystring keys", mine, node, (q) => Object.keys(q));
  const json = (v) => JSON.stringify(v, (k, x) => (typeof x === "bigint" ? `${x}n` : x));
  const table = ["a=b", "=", "&", "a", "a&a", "a=1&a=2&a=3", "a=%zz&b=%41", "a+b=c+d", "a=b=c", "a=%E4%BD%A0", "a=%E4%BD",
    "%", "a=%", "a=1&=2&=3", "&&a=1&&", "a=\u00ff", "a=%C0%80", "a=%ED%A0%80", "__proto__=1&constructor=2", "a[]=1&a[]=2",
    "", "%41%41=é%zz", "%41=é%zz", "é%zz=%41", "a=%F0%9F%98%80", "a=\ud800", "a=%%41"];
  for (const t of table) same(`qs.parse(${JSON.stringify(t)})`, mine, node, (q) => json(q.parse(t)));
  same("qs.parse(null)", mine, node, (q) => json(q.parse(null)));
  same("qs.parse proto", mine, node, (q) => Object.getPrototypeOf(q.parse("a=1")));
  for (const [t, sep, eq] of [["a=1;b=2", ";"], ["a:1,b:2", ",", ":"], ["a==1&&b=2", "&&", "=="], ["xaab1", "ab"],
    ["aabab", "ab"], ["k===v", "&", "=="], ["kxxyv", "&", "xy"], ["a=1&b=2", 1, 2], ["%ba;=a", "=", "ab"]]) {
    same(`qs.parse(${JSON.stringify([t, sep, eq])})`, mine, node, (q) => json(q.parse(t, sep, eq)));
  }
  for (const mk of [2, 0, -1, 1.5, "1", NaN, Infinity, 1]) {
    same(`qs.parse maxKeys ${mk}`, mine, node, (q) => json(q.parse("&&a=1&b=2&c=3", null, null, { maxKeys: mk })));
  }
  for (const t of ["a=b", "a%20=b+c", "a=", "=", "a"]) {
    same(`qs.parse custom decoder ${JSON.stringify(t)}`, mine, node, (q) => json(q.parse(t, null, null, { decodeURIComponent: (x) => `<${x}>` })));
    same(`qs.parse throwing decoder ${JSON.stringify(t)}`, mine, node, (q) => json(q.parse(t, null, null, { decodeURIComponent: () => { throw new Error("x"); } })));
  }
  same("qs.parse with unescape replaced", mine, node, (q) => {
    const saved = q.unescape;
    q.unescape = (x) => `U${x}`;
    try { return json(q.parse("a=%41")); } finally { q.unescape = saved; }
  });
  same("qs.stringify with escape replaced", mine, node, (q) => {
    const saved = q.escape;
    q.escape = (x) => `E${x}`;
    try { return q.stringify({ a: "b", n: 1 }); } finally { q.escape = saved; }
  });
  const objs = [{ a: 1, b: "x y", c: [1, 2], d: true, e: null, f: undefined, g: {}, h: NaN, i: Infinity, j: 10n, l: [] },
    { "a b": "é!'()*~" }, "abc", null, [1, 2], { a: "\ud800" }, { a: "\ud800x" }, { a: "\udc00a" }, { a: [1, "", null] },
    { "": "" }, { a: "\u0080\u07ff\u0800\uffff\ud83d\ude00" }, Object.create({ inh: 1 }), { a: "-_.!~*'()" }];
  for (const o of objs) {
    same(`qs.stringify(${util.inspect(o)})`, mine, node, (q) => q.stringify(o));
    same(`qs.stringify(${util.inspect(o)}, ;, :)`, mine, node, (q) => q.stringify(o, ";", ":"));
    same(`qs.stringify(${util.inspect(o)}, custom)`, mine, node, (q) => q.stringify(o, null, null, { encodeURIComponent: (x) => `[${x}]` }));
  }
  for (const v of ["a b", "\ud800", "a\ud800", "\ud800\ud800", "\udc00a", { toString() { return "ob"; } }, 12, undefined, null, true, Symbol("s")]) {
    same(`qs.escape(${util.inspect(v)})`, mine, node, (q) => q.escape(v));
  }
  for (const [v, d] of [["a%20b"], ["a+b"], ["a+b", true], ["%zz%41"], ["%E4%BD"], ["é%zz"], ["\ud800%zz"]]) {
    same(`qs.unescape(${JSON.stringify(v)}, ${d})`, mine, node, (q) => q.unescape(v, d));
    same(`qs.unescapeBuffer(${JSON.stringify(v)}, ${d})`, mine, node, (q) => [...q.unescapeBuffer(v, d)]);
  }
  const al = ["a", "b", "=", "&", ";", "%", "%4", "%41", "%zz", "+", "%E4", "%BD%A0", "é", "\ud800", "==", "&&", " ", "%2B", "__proto__"];
  const seps = [undefined, null, "", "&", ";", "&&", "ab", "=", 1];
  const eqs = [undefined, null, "", "=", ":", "==", "ab", "&"];
  for (let k = 0; k < 1500; k++) {
    const t = gen(al, 10);
    const sep = seps[rnd(seps.length)];
    const eq = eqs[rnd(eqs.length)];
    const opts = [undefined, { maxKeys: rnd(4) }, { maxKeys: 1.5 }, { decodeURIComponent: (x) => `<${x}>` }][rnd(4)];
    same(`qs.parse(${JSON.stringify([t, sep, eq, opts])})`, mine, node, (q) => json(q.parse(t, sep, eq, opts)));
    const ds = rnd(2) === 1;
    same(`qs.unescape(${JSON.stringify(t)}, ${ds})`, mine, node, (q) => q.unescape(t, ds));
  }
}

// ---------------------------------------------------------------------------
// string_decoder

{
  const mine = load("node_string_decoder");
  const node = require("string_decoder");
  for (const e of ["utf8", "UTF-8", "ucs2", "UCS-2", "utf16le", "utf-16le", "latin1", "binary", "base64", "base64url", "hex",
    "ascii", undefined, null, "", "bogus", 1]) {
    same(`StringDecoder(${util.inspect(e)})`, mine, node, (m) => {
      const d = new m.StringDecoder(e);
      return [d.encoding, Object.keys(d), d.lastNeed, d.lastTotal, [...d.lastChar]];
    });
  }
  same("StringDecoder prototype", mine, node, (m) => Object.getOwnPropertyNames(m.StringDecoder.prototype));
  for (const v of [1, null, undefined, "str", {}, [1, 2], new Uint16Array([0x4141]), new DataView(new ArrayBuffer(2)), new ArrayBuffer(2)]) {
    same(`write(${util.inspect(v)})`, mine, node, (m) => new m.StringDecoder("utf8").write(v));
  }
  same("end(1)", mine, node, (m) => new m.StringDecoder().end(1));
  same("end('x')", mine, node, (m) => new m.StringDecoder().end("x"));
  same("text()", mine, node, (m) => new m.StringDecoder().text(Buffer.from("abc"), 1));
  same("partial", mine, node, (m) => {
    const d = new m.StringDecoder("utf8");
    return [d.write(Buffer.from([0xe4, 0xbd])), d.lastNeed, d.lastTotal, [...d.lastChar].slice(0, 2), d.end()];
  });
  const interesting = [0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xa0, 0xed, 0x9f, 0xef, 0xf0, 0x90, 0xf4, 0x8f, 0xf5,
    0xff, 0xe4, 0xbd, 0x00, 0xd8, 0xdc, 0xdb];
  for (const enc of ["utf8", "utf16le", "base64", "base64url", "hex", "latin1", "ascii"]) {
    for (let k = 0; k < 300; k++) {
      const chunks = [];
      const n = 1 + rnd(4);
      for (let i = 0; i < n; i++) {
        const len = rnd(6);
        const b = Buffer.alloc(len);
        for (let j = 0; j < len; j++) b[j] = rnd(3) ? interesting[rnd(interesting.length)] : rnd(256);
        chunks.push(b);
      }
      same(`${enc} chunks ${JSON.stringify(chunks.map((c) => [...c]))}`, mine, node, (m) => {
        const d = new m.StringDecoder(enc);
        const out = [];
        for (const c of chunks) out.push(d.write(c), d.lastNeed, d.lastTotal);
        out.push(d.end());
        return JSON.stringify(out);
      });
    }
  }
}

// ---------------------------------------------------------------------------
// url

{
  const mine = load("node_url");
  const node = require("url");
  same("url keys", mine, node, (u) => Object.keys(u));
  same("Url keys", mine, node, (u) => Object.keys(new u.Url()));
  same("url.URL is the WHATWG URL", mine, node, (u) => [typeof u.URL, typeof u.URLSearchParams, u.URL.name]);
  same("parse returns a Url", mine, node, (u) => { const x = u.parse("http://a/b"); return [x instanceof u.Url, u.parse(x) === x]; });
  const parseTable = ["http://a b/", "http://a:b/c", "http://a:/c", "http://0x7f.1/", "http://%41/", "http://a%41/", "http://%@a/",
    "http://a_b.c/", "http://a!b/", "http://ÄÖ.de/", "http://xn--zca/", "http://xn--/", "http://[::1]:80/x", "http://[::1/",
    "HTTP:foo", "http:foo", "mailto:a@b", "javascript:alert(1)", "//a/b", "a/b?c#d", "  http://a/  ", "http:\\\\a\\b?c\\d",
    "http://a@b@c/", "http://a@b?@c", "http://a.com:8080", "http://a.com:0x10/", "http://[v1.x]/", "http://a\u0000b/",
    "http://ab\u00adc/", "http://a\tb/c\nd?e\rf#g\th", "/a\tb", "http://user:pass@host.com:8080/p/a/t/h?query=string#hash",
    "file:///etc/passwd", "file://localhost/x", "https://ÉXAMPLE.com/ü?ö#ä", "x://" + "a".repeat(300) + "/"];
  for (const t of parseTable) {
    for (const [pq, sd] of [[false, false], [true, false], [false, true]]) {
      same(`url.parse(${JSON.stringify(t)}, ${pq}, ${sd})`, mine, node, (u) => JSON.stringify(u.parse(t, pq, sd)));
    }
  }
  same("url.parse(1)", mine, node, (u) => u.parse(1));
  const al = ["http:", "HTTP:", "mailto:", "file:", "javascript:", "x:", "//", "/", "\\", "a", "B", "@", ":", "80", "?", "#",
    ".", "..", " ", "[", "]", "::1", "%", "%41", "é", "{", "'", "=", "&", "-", "xn--zca", "\t", "~", ";"];
  for (let k = 0; k < 1200; k++) {
    const t = gen(al, 9);
    const r = gen(al, 7);
    const pq = rnd(2) === 1;
    const sd = rnd(2) === 1;
    same(`url.parse(${JSON.stringify([t, pq, sd])})`, mine, node, (u) => JSON.stringify(u.parse(t, pq, sd)));
    same(`url.resolve(${JSON.stringify([t, r])})`, mine, node, (u) => u.resolve(t, r));
    same(`url.resolveObject(${JSON.stringify([t, r])})`, mine, node, (u) => JSON.stringify(u.resolveObject(t, r)));
  }
  const resolveTable = [["/one/two/three", "four"], ["http://example.com/", "/one"], ["http://example.com/one", "/two"],
    ["http://a/b/c/d;p?q", "../../../g"], ["http://a/b/c/d;p?q", "g?y/./x"], ["http://a/b/c/d;p?q", "//g"],
    ["mailto:a@b", "mailto:#x"], ["mailto:a@b/c", "d"], ["x:a@b/c", "x:?q"], ["http://a@b/c", "http:d"], ["", "x"],
    ["http://x.com/a/b", "https:c"], ["file:///a/b", "file:c"], ["http://a/b", "javascript:x"]];
  for (const [a, b] of resolveTable) {
    same(`url.resolve(${JSON.stringify([a, b])})`, mine, node, (u) => u.resolve(a, b));
    same(`url.resolveObject(${JSON.stringify([a, b])})`, mine, node, (u) => JSON.stringify(u.resolveObject(a, b)));
  }
  same("url.resolveObject('', x)", mine, node, (u) => u.resolveObject("", "x"));
  let all = "";
  for (let i = 32; i < 127; i++) all += String.fromCharCode(i);
  for (const o of [1, null, undefined, true, "http://A.com/x?y#z", { protocol: "http", host: "a", pathname: "p#?", search: "s#", hash: "h" },
    { hostname: "::1", port: 8 }, { protocol: "file" }, { protocol: "mailto", auth: "a:b@c", host: "d" },
    { query: { a: [1, 2], b: "c d" }, pathname: "/x" }, { protocol: "x", slashes: true, pathname: "y" },
    { auth: `${all}é\u0000`, host: "h" }, { pathname: all, protocol: "http", host: "h" }, { search: all, hash: all, protocol: "x" }]) {
    same(`url.format(${util.inspect(o)})`, mine, node, (u) => u.format(o));
  }
  for (const h of ["http://u:p@xn--espaol-zwa.com:81/p?q#h", "http://a", "file:///x?y#z", "mailto:a@b", "http://u@[::1]/", "http://xn--zca.de/?#"]) {
    for (const o of [undefined, null, {}, { unicode: true }, { auth: false }, { search: false }, { fragment: false },
      { unicode: 1, auth: 0, search: "", fragment: null }, 1, "x"]) {
      same(`url.format(new URL(${h}), ${util.inspect(o)})`, mine, node, (u) => u.format(new u.URL(h), o));
    }
  }
  const files = ["file:///a%20b/%C3%A9?x#y", "file://localhost/x", "http://a/", "file://host/a", "file:///a%2fb", "file:///a%2Fb", 1, null,
    "notaurl", "file:///", "file:///C:/a/b%20c", "file://srv/share/a", "file:///a%5cb", "file:///C:/a%5cb", "file:///c|/x"];
  for (const f of files) {
    same(`fileURLToPath(${util.inspect(f)})`, mine, node, (u) => u.fileURLToPath(f));
    same(`fileURLToPath(${util.inspect(f)}, windows)`, mine, node, (u) => u.fileURLToPath(f, { windows: true }));
    if (typeof f === "string" && f.includes(":")) {
      same(`fileURLToPath(new URL(${f}))`, mine, node, (u) => u.fileURLToPath(new u.URL(f)));
      same(`fileURLToPathBuffer(${f})`, mine, node, (u) => [...u.fileURLToPathBuffer(f)]);
    }
  }
  let chars = "/";
  for (let i = 0; i < 200; i++) chars += String.fromCharCode(i);
  for (const p of ["/a b/c#d?e%f\\g\n\t\r", "rel/x", "/trail/", "/a/é/😀", "", ".", "/a\u0000b", "/a\ud800", "..", "/a/../b/./c//d", chars]) {
    same(`pathToFileURL(${JSON.stringify(p)})`, mine, node, (u) => u.pathToFileURL(p).href);
  }
  for (const p of ["C:\\a b\\c", "\\\\server\\share\\x y", "rel\\x", "C:/a/", "/posix", "\\\\srv", "\\\\srv\\",
    "\\\\srv\\share", "\\\\?\\C:\\x", "\\\\.\\x", "\\\\ÄÖ\\s\\x", "C:\\%#?", "c:", "C:\\a\\", chars]) {
    same(`pathToFileURL(${JSON.stringify(p)}, windows)`, mine, node, (u) => u.pathToFileURL(p, { windows: true }).href);
  }
  same("pathToFileURL(1)", mine, node, (u) => u.pathToFileURL(1));
  for (const h of ["http://u%20:p@[::1]:8080/p?q#h", "https://a.com", "http://a:b@c/", "http://:p@c/", "file:///x"]) {
    same(`urlToHttpOptions(${h})`, mine, node, (u) => u.urlToHttpOptions(new u.URL(h)));
  }
  for (const d of ["español.com", "xn--espaol-zwa.com", "xn--iñvalid.com", "1.2.3.4", "0x7f.1", "[::1]", "::1", "EXAMPLE.com", "a b",
    "", "a..b", "-a.com", "a%41.com", "ß.de", "xn--zca.de", "\u00ad", "a.b.", "xn--", "faß.de", "a_b", "?", "a:b", "😀.com", 123, null,
    "xn--4ca0b.xn--e28h.com"]) {
    same(`domainToASCII(${util.inspect(d)})`, mine, node, (u) => u.domainToASCII(d));
    same(`domainToUnicode(${util.inspect(d)})`, mine, node, (u) => u.domainToUnicode(d));
  }
  same("domainToASCII()", mine, node, (u) => u.domainToASCII());
  same("domainToUnicode()", mine, node, (u) => u.domainToUnicode());
}

// ---------------------------------------------------------------------------
// os (the machine is the sandbox's; see the exceptions at the top)

{
  const mine = load("node_os");
  const node = require("os");
  same("os keys", mine, node, (o) => Object.keys(o));
  same("os constants", mine, node, (o) => JSON.stringify(o.constants));
  same("os constants frozen", mine, node, (o) => [Object.isFrozen(o.constants), Object.isFrozen(o.constants.signals),
    Object.isFrozen(o.constants.errno), Object.getPrototypeOf(o.constants.signals)]);
  for (const k of ["EOL", "devNull", "constants"]) {
    same(`os.${k} descriptor`, mine, node, (o) => { const d = Object.getOwnPropertyDescriptor(o, k); return [d.writable, d.enumerable, d.configurable]; });
  }
  same("os fixed values", mine, node, (o) => [o.EOL, o.devNull, o.endianness(), o.platform(), o.type(), o.arch(), o.machine()]);
  // (Names of Node's internal wrappers, "wrappedFn", are not compared.)
  same("os function names", mine, node, (o) => Object.keys(o).filter((k) => typeof o[k] === "function")
    .map((k) => [k, o[k].name === "wrappedFn" ? k : o[k].name, o[k].length, typeof o[k][Symbol.toPrimitive]]));
  check("os.hostname()", mine.hostname(), "sandbox");
  check("os sandbox values", JSON.stringify([mine.availableParallelism(), mine.cpus(), mine.userInfo(), mine.homedir(), mine.tmpdir(),
    mine.loadavg(), mine.networkInterfaces(), mine.totalmem(), mine.freemem(), `${mine.hostname}`]),
    JSON.stringify([2, [0, 1].map(() => ({ model: "sandbox", speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } })),
      { uid: 1000, gid: 1000, username: "sandbox", homedir: CWD, shell: null }, CWD, `${CWD}/.tmp`, [0, 0, 0], {},
      4294967296, 2147483648, "sandbox"]));
  check("os.uptime() is a number", typeof mine.uptime(), "number");
  same("os.userInfo() shape", mine, node, (o) => [Object.getPrototypeOf(o.userInfo()), Object.keys(o.userInfo())]);
  check("os.userInfo(buffer)", String(mine.userInfo({ encoding: "buffer" }).username), "sandbox");
  for (const args of [["x"], [1.5], [2 ** 31], [null]]) same(`getPriority(${util.inspect(args)})`, mine, node, (o) => o.getPriority(...args));
  for (const args of [["a"], [0, 1.5], [0, -100], [0, 20], [1.5, 0], ["x", 0]]) same(`setPriority(${util.inspect(args)})`, mine, node, (o) => o.setPriority(...args));
  same("getPriority(no such pid)", mine, node, (o) => { try { o.getPriority(999999); } catch (e) { return [e.name, e.code, e.message, e.info, e.errno, e.syscall]; } });
  check("setPriority then getPriority", String((mine.setPriority(5), mine.getPriority())), "5");
  mine.setPriority(0);
}

// ---------------------------------------------------------------------------
// util

// The warnings a call emits, through process.emitWarning (Node's util and
// the sandbox's both use it).
function warningsOf(f) {
  const seen = [];
  const saved = process.emitWarning;
  process.emitWarning = (warning, type, code) => {
    if (typeof type === "object" && type !== null) ({ type, code } = type);
    seen.push([String(warning), typeof type === "string" ? type : undefined, typeof code === "string" ? code : undefined]);
  };
  try {
    f();
  } catch (e) {
    seen.push(`throw ${e.code} ${e.message}`);
  } finally {
    process.emitWarning = saved;
  }
  return seen;
}

const valueZoo = () => [undefined, null, 0, -0, 1, NaN, "", "a", true, 10n, Symbol.for("s"), {}, [], [1, [2]], Object.create(null),
  new Date(0), new Date(1), /a/g, /a/i, new Error("e"), new TypeError("e"), new Map([[1, { a: 1 }]]), new Map([[1, { a: 2 }]]),
  new Set([1, 2]), new Set([2, 1]), new Set([{ a: 1 }]), new WeakMap(), new WeakSet(), Promise.resolve(1), function f() {}, async () => {},
  function* g() {}, async function* ag() {}, new Uint8Array([1, 2]), new Int8Array([1, 2]), new Float64Array([NaN]), new Float64Array([-0]),
  new Float64Array([0]), new ArrayBuffer(2), new DataView(new ArrayBuffer(1)), new Number(1), new String("a"), new Boolean(false),
  Object(10n), Object(Symbol.iterator), new Map().entries(), new Set().values(), (function () { return arguments; })(1),
  (function* () {})(), { [Symbol.toStringTag]: "Promise" }, { a: undefined }, { a: 1, b: { c: [1, 2, 3] } }, { b: { c: [1, 2, 3] }, a: 1 },
  [, 1], [undefined, 1], "1", [1], ["1"], new URL("http://a"), new URL("http://a/"), Object.assign(new Error("e"), { code: 1 }),
  new Error("e", { cause: 1 }), { [Symbol.for("k")]: 1 }, Object.assign([1, 2], { x: 1 }), new (class A {})(), new (class B {})()];

{
  const mine = load("node_util");
  const node = require("util");
  // The keys, less what Node adds for its own tooling.
  same("util keys", mine, node, (u) => Object.keys(u));
  same("util.types keys", mine, node, (u) => Object.keys(u.types));
  check("util/types module", String(load("node_util_types") === mine.types), "true");
  same("inspect/format come from inspect.js", mine, node, (u) => [u.format("%s=%d", "a", 1), u.inspect({ a: [1] }),
    u.formatWithOptions({ colors: false }, "%o", 1), u.stripVTControlCharacters("\u001b[1mx\u001b[22m")]);
  const zoo1 = valueZoo();
  const zoo2 = valueZoo();
  for (const key of Object.keys(node.types)) {
    if (key === "isProxy" || key === "isExternal" || key === "isKeyObject" || key === "isCryptoKey") continue;
    zoo1.forEach((v, i) => same(`types.${key}(#${i} ${util.inspect(v)})`, mine, node, (u) => u.types[key](v)));
  }
  same("types.isProxy(plain)", mine, node, (u) => u.types.isProxy({}));
  same("types.isModuleNamespaceObject(fake)", mine, node, (u) => u.types.isModuleNamespaceObject(Object.freeze(Object.create(null))));
  for (let i = 0; i < zoo1.length; i++) {
    for (let j = 0; j < zoo2.length; j++) {
      same(`isDeepStrictEqual(#${i} ${util.inspect(zoo1[i])}, #${j} ${util.inspect(zoo2[j])})`, mine, node, (u) => u.isDeepStrictEqual(zoo1[i], zoo2[j]));
    }
  }
  const cyc1 = { a: 1 };
  cyc1.self = cyc1;
  const cyc2 = { a: 1 };
  cyc2.self = cyc2;
  same("isDeepStrictEqual(cycles)", mine, node, (u) => u.isDeepStrictEqual(cyc1, cyc2));
  // promisify / callbackify / deprecate / inherits
  same("promisify(1)", mine, node, (u) => u.promisify(1));
  same("promisify.custom", mine, node, (u) => u.promisify.custom);
  same("promisify custom", mine, node, (u) => { const f = () => {}; const c = () => 1; f[u.promisify.custom] = c; return u.promisify(f) === c; });
  same("promisify bad custom", mine, node, (u) => { const f = () => {}; f[u.promisify.custom] = 1; return u.promisify(f); });
  same("promisify shape", mine, node, (u) => { function orig(a, cb) { cb(null, a); } orig.extra = 1; const p = u.promisify(orig); return [p.name, p.length, p.extra, Object.getPrototypeOf(p) === Object.getPrototypeOf(orig), u.promisify(p) === p]; });
  same("callbackify shape", mine, node, (u) => { async function orig(a) { return a; } const c = u.callbackify(orig); return [c.name, c.length]; });
  same("callbackify(1)", mine, node, (u) => u.callbackify(1));
  same("callbackify no cb", mine, node, (u) => u.callbackify(async () => 1)(1));
  same("deprecate(1)", mine, node, (u) => u.deprecate(1));
  same("deprecate code type", mine, node, (u) => u.deprecate(() => {}, "m", 1));
  same("deprecate shape", mine, node, (u) => { function foo(a, b) { return a + b; } const d = u.deprecate(foo, "m", "X"); return [d.name, d.length, Object.getOwnPropertyNames(d), Object.getPrototypeOf(d) === foo, d.prototype === foo.prototype]; });
  same("deprecate warnings", mine, node, (u) => warningsOf(() => {
    const a = u.deprecate((x) => x + 1, "first message", "DEP_TEST_A");
    const b = u.deprecate(() => 2, "second message", "DEP_TEST_A");
    const c = u.deprecate(() => 3, "no code");
    return [a(1), a(2), b(), c(), c()];
  }));
  same("deprecate new", mine, node, (u) => { class K { constructor(v) { this.v = v; } } const D = u.deprecate(K, "k", "DEP_TEST_K"); let r; warningsOf(() => { r = new D(3); }); return [r.v, r instanceof K]; });
  same("legacy is* warnings", mine, node, (u) => warningsOf(() => [u.isArray([]), u.isBoolean(1), u.isBuffer(null), u.isNull(null),
    u.isNullOrUndefined(undefined), u.isNumber(1), u.isString(""), u.isSymbol(1), u.isUndefined(), u.isRegExp(/a/), u.isObject(null),
    u.isDate(new Date()), u.isError(new Error()), u.isFunction(() => {}), u.isPrimitive(1), u._extend({ a: 1 }, { b: 2 })]));
  same("inherits", mine, node, (u) => { function A() {} function B() {} B.prototype.x = 1; u.inherits(A, B); const d = Object.getOwnPropertyDescriptor(A, "super_"); return [new A().x, d.enumerable, d.writable, A.super_ === B]; });
  for (const args of [[1, function B() {}], [function A() {}, {}], [function A() {}, null], [null, function B() {}], [function A() {}, () => {}]]) {
    same(`inherits(${util.inspect(args)})`, mine, node, (u) => u.inherits(...args));
  }
  // system errors
  for (const e of [-2, -13, -4095, -3008, -99999, 2, 0, "x", 1.5, -1.5, NaN]) {
    same(`getSystemErrorName(${util.inspect(e)})`, mine, node, (u) => u.getSystemErrorName(e));
    same(`getSystemErrorMessage(${util.inspect(e)})`, mine, node, (u) => u.getSystemErrorMessage(e));
  }
  same("getSystemErrorMap", mine, node, (u) => [...u.getSystemErrorMap()]);
  same("_errnoException", mine, node, (u) => { const e = u._errnoException(-2, "open", "x"); return [e.message, Object.keys(e), e.code, e.errno, e.syscall]; });
  same("_exceptionWithHostPort", mine, node, (u) => { const e = u._exceptionWithHostPort(-111, "connect", "1.2.3.4", 80, "l"); return [e.message, Object.keys(e)]; });
  // styleText
  for (const f of ["red", ["bold", "red"], "none", ["none"], "nope", 1, ["red", "nope"], "bgWhiteBright", "doubleunderline"]) {
    same(`styleText(${util.inspect(f)}, validateStream false)`, mine, node, (u) => u.styleText(f, "x", { validateStream: false }));
  }
  same("styleText(red, 1)", mine, node, (u) => u.styleText("red", 1));
  same("styleText bad stream", mine, node, (u) => u.styleText("red", "x", { stream: {} }));
  same("styleText bad validateStream", mine, node, (u) => u.styleText("red", "x", { validateStream: 1 }));
  same("styleText non-TTY stream", mine, node, (u) => u.styleText("red", "x", { stream: { write() {}, isTTY: false } }));
  // toUSVString, diff, parseEnv
  for (const t of ["a\ud800b\udc00", "\ud83d\ude00", "", "\udc00\ud800"]) same(`toUSVString(${JSON.stringify(t)})`, mine, node, (u) => u.toUSVString(t));
  for (const [a, b] of [["abc", "abd"], [["a", "b"], ["a", "c", "b"]], ["", "x"], ["same", "same"], [1, "a"], ["a", 1], [["x", "y", "z"], ["z", "y", "x"]]]) {
    same(`diff(${util.inspect(a)}, ${util.inspect(b)})`, mine, node, (u) => u.diff(a, b));
  }
  for (const t of ["A=1\nexport B = 'two' \n#c\nC=\"x\\ny\"\nD=`q`\nE=a # comment\nF=\"multi\nline\"\n G = ' spaced ' \nH\nI=\nK=v=w\n=x\nL=\"a\"b\nM = x y \n",
    "A='x\\ny'", "A=\"x\\ny\"", "A=1\r\nB=2", "  # c\nA=1", "A=\"unterminated"]) {
    same(`parseEnv(${JSON.stringify(t)})`, mine, node, (u) => u.parseEnv(t));
  }
  same("parseEnv(1)", mine, node, (u) => u.parseEnv(1));
  same("setTraceSigInt(1)", mine, node, (u) => u.setTraceSigInt(1));
  same("transferableAbortSignal(1)", mine, node, (u) => u.transferableAbortSignal(1));
  // MIMEType
  for (const t of ["Text/HTML; Charset=\"utf-8\"; a=b;;c", "", "text", "text/", "/html", "te xt/html", "text/html;a", "text/html;a=\"b",
    "text/html ; a = b", "text/html;a=\"b\\\"c\"", "x/y;a=1;a=2", "x/y;A=1", "x/y;a=\"\"", "x/y;a=ü", " x/y ", "x/y ;b=c", "x/y;a=\"b\" junk;c=d",
    "x/y;a= b", "x/y;=b", "x/y;a=b\u00ff", "x/y;a=\"\\", "x/y\u0100"]) {
    same(`MIMEType(${JSON.stringify(t)})`, mine, node, (u) => { const m = new u.MIMEType(t); return [String(m), m.type, m.subtype, m.essence, [...m.params], JSON.stringify(m)]; });
  }
  same("MIMEParams", mine, node, (u) => { const p = new u.MIMEType("a/b;x=1").params; p.set("y", "a b"); p.set("z", ""); p.delete("x"); return [String(p), p.has("y"), p.get("q"), [...p.keys()], [...p.values()], [...p.entries()]]; });
  for (const [k, v] of [["bad name", "v"], ["ok", "\u0100"], ["", "v"]]) same(`MIMEParams.set(${k}, ${v})`, mine, node, (u) => new u.MIMEType("a/b").params.set(k, v));
  same("MIMEType setters", mine, node, (u) => { const m = new u.MIMEType("a/b"); m.type = "X"; m.subtype = "Y"; return String(m); });
  for (const v of ["a b", "", "é"]) same(`MIMEType.type = ${JSON.stringify(v)}`, mine, node, (u) => { new u.MIMEType("a/b").type = v; });
  // parseArgs
  const paCases = [
    { args: ["-f", "--bar", "b"], options: { foo: { type: "boolean", short: "f" }, bar: { type: "string" } } },
    { args: ["--unknown"], options: {} }, { args: ["-u"], options: {} }, { args: ["--unknown"], options: {}, allowPositionals: true },
    { args: ["-xyz"], options: { x: { type: "boolean", short: "x" } } }, { args: ["pos"], options: {} }, { args: ["pos"], options: {}, strict: false },
    { args: ["--foo"], options: { foo: { type: "string" } } }, { args: ["-f"], options: { foo: { type: "string", short: "f" } } },
    { args: ["--foo", "--bar"], options: { foo: { type: "string" }, bar: { type: "boolean" } } },
    { args: ["-f", "-b"], options: { foo: { type: "string", short: "f" }, bar: { type: "boolean", short: "b" } } },
    { args: ["--foo=1"], options: { foo: { type: "boolean" } } }, { args: ["-f", "v"], options: { foo: { type: "boolean", short: "f" } } },
    { args: ["-f=v"], options: { foo: { type: "boolean", short: "f" } } },
    { args: ["--foo", "1", "--foo", "2"], options: { foo: { type: "string", multiple: true } } },
    { args: ["--no-foo"], options: { foo: { type: "boolean" } }, allowNegative: true },
    { args: ["--no-foo", "--foo"], options: { foo: { type: "boolean", multiple: true } }, allowNegative: true, tokens: true },
    { args: ["--no-foo"], options: { foo: { type: "string" } }, allowNegative: true }, { args: ["--no-foo"], options: { foo: { type: "boolean" } } },
    { args: ["--no-foo=1"], options: { foo: { type: "boolean" } }, allowNegative: true }, { args: ["--no-x"], strict: false, allowNegative: true },
    { args: ["--no-x"], strict: false }, { args: ["a", "--", "--b"], options: {}, allowPositionals: true, tokens: true },
    { args: ["-abc", "--x=1", "-c3", "--", "y"], options: { a: { type: "boolean", short: "a" }, b: { type: "boolean", short: "b" }, c: { type: "string", short: "c" }, x: { type: "string" } }, allowPositionals: true, tokens: true },
    { args: ["-ab", "-c3", "--x=1", "--", "y"], options: { a: { type: "boolean", short: "a" }, b: { type: "boolean", short: "b" }, c: { type: "string", short: "c" }, x: { type: "string" } }, allowPositionals: true, tokens: true },
    { args: [], options: { foo: { type: "string", default: "d" }, m: { type: "string", multiple: true, default: ["a"] } } },
    { args: [], options: { foo: { type: "string", default: 1 } } }, { args: [], options: { foo: { type: "boolean", multiple: true, default: [1] } } },
    { args: [], options: { foo: { type: "string", default: "d", multiple: true } } }, { args: [], options: { foo: { type: "number" } } },
    { args: [], options: { foo: { type: "string", short: "ab" } } }, { args: [], options: { foo: { type: "string", multiple: 1 } } },
    { args: [], options: { foo: { type: "boolean", short: 1 } } }, { args: [], options: 1 }, { args: 1 }, { strict: 1 }, 1,
    { args: ["--foo", "x"], options: { foo: { type: "string" } }, allowPositionals: 1 }, { options: { foo: 1 } },
    { args: ["-f", "x"], options: { foo: { type: "string", short: "f" } } }, { args: ["-fx"], options: { foo: { type: "string", short: "f" } } },
    { args: ["-f=x"], options: { foo: { type: "string", short: "f" } } }, { args: ["--foo", "-x"], options: { foo: { type: "string" } } },
    { args: ["-f", "-x"], options: { foo: { type: "string", short: "f" } } }, { args: ["-", "--"], options: {}, allowPositionals: true },
    { args: ["--foo="], options: { foo: { type: "string" } } }, { args: ["--f"], options: { foo: { type: "string", short: "f" } } },
    { args: ["-ab"], options: { a: { type: "boolean", short: "a" } }, strict: false, tokens: true },
    { args: ["--x", "v", "-y", "w"], strict: false, tokens: true }, { args: ["--foo"], options: { foo: { type: "boolean" } }, tokens: true, strict: false },
    { args: ["-xy", "z"], options: { x: { type: "boolean", short: "x" } }, strict: false, allowPositionals: true },
    { args: ["-fab"], options: { foo: { type: "string", short: "f" } }, tokens: true },
    { args: ["-afb"], options: { a: { type: "boolean", short: "a" }, foo: { type: "string", short: "f" } }, tokens: true },
    { args: ["--foo", "-"], options: { foo: { type: "string" } } }, { args: ["--x=1", "--x"], strict: false },
    { args: ["--foo", "a"], options: { foo: { type: "string", default: ["d"], multiple: true } } }, { args: [1], options: {} },
    { args: ["-"], options: {}, strict: true }, { args: ["--a-b"], options: { "a-b": { type: "boolean" } } },
    { args: ["-a-"], options: { a: { type: "boolean", short: "a" } }, strict: false, tokens: true },
  ];
  for (const c of paCases) same(`parseArgs(${util.inspect(c, { depth: 5, breakLength: Infinity })})`, mine, node, (u) => u.parseArgs(c));
  // debuglog (NODE_DEBUG of the sandbox's environment is "foo,bar*").
  check("debuglog enabled", JSON.stringify([mine.debuglog("foo").enabled, mine.debuglog("BAR2").enabled, mine.debuglog("baz").enabled]), "[true,true,false]");
  {
    const saved = process.stderr.write;
    let out = "";
    process.stderr.write = (s) => { out += s; return true; };
    try {
      mine.debuglog("foo")("hi %d", 1);
      mine.debuglog("baz")("no");
    } finally {
      process.stderr.write = saved;
    }
    check("debuglog output", JSON.stringify(out), JSON.stringify("FOO 42: hi 1\n"));
  }
  check("TextEncoder/TextDecoder", String(mine.TextEncoder === shimRequire("encoding").TextEncoder && mine.TextDecoder === shimRequire("encoding").TextDecoder), "true");
}

// ---------------------------------------------------------------------------
// assert

// Assertion calls compared one by one: [label, (assertModule) => ...].
const assertCases = [];
const add = (l, f) => assertCases.push([l, f]);
add("ok()", (m) => m.ok());
add("ok(0, msg)", (m) => m.ok(0, "msg"));
add("ok(0, err)", (m) => m.ok(0, new RangeError("re")));
add("fail()", (m) => m.fail());
add("fail(msg)", (m) => m.fail("boom"));
add("fail(a,b)", (m) => m.fail(1, 2));
add("fail(a,b,msg)", (m) => m.fail(1, 2, "m"));
add("fail(a,b,undefined,op)", (m) => m.fail(1, 2, undefined, ">"));
add("fail(err)", (m) => m.fail(new TypeError("t")));
add("throws none", (m) => m.throws(() => {}));
add("throws none msg", (m) => m.throws(() => {}, "msg"));
add("throws none class", (m) => m.throws(() => {}, TypeError));
add("throws none class msg", (m) => m.throws(() => {}, TypeError, "msg"));
add("throws regexp mismatch", (m) => m.throws(() => { throw new Error("x"); }, /y/));
add("throws regexp ok", (m) => m.throws(() => { throw new Error("x"); }, /x/));
add("throws class mismatch", (m) => m.throws(() => { throw new Error("x"); }, TypeError));
add("throws class ok", (m) => m.throws(() => { throw new TypeError("x"); }, Error));
add("throws validator false", (m) => m.throws(() => { throw new Error("x"); }, () => false));
add("throws validator named", (m) => m.throws(() => { throw new Error("x"); }, function check() { return 1; }));
add("throws object mismatch", (m) => m.throws(() => { throw new Error("x"); }, { message: "y" }));
add("throws object ok", (m) => m.throws(() => { throw new Error("x"); }, { message: "x", name: "Error" }));
add("throws object regexp prop", (m) => m.throws(() => { throw new Error("xyz"); }, { message: /y/ }));
add("throws object code", (m) => m.throws(() => { const e = new Error("x"); e.code = "A"; throw e; }, { code: "B", message: "x" }));
add("throws error instance", (m) => m.throws(() => { throw new Error("x"); }, new Error("y")));
add("throws empty object", (m) => m.throws(() => { throw new Error("x"); }, {}));
add("throws non-object actual", (m) => m.throws(() => { throw 1; }, { a: 1 }));
add("throws string error", (m) => m.throws(() => { throw new Error("x"); }, "x"));
add("throws ambiguous", (m) => m.throws(() => { throw "x"; }, "x"));
add("throws bad fn", (m) => m.throws(1));
add("throws bad error", (m) => m.throws(() => { throw 1; }, 1));
add("doesNotThrow", (m) => m.doesNotThrow(() => { throw new Error("x"); }));
add("doesNotThrow msg", (m) => m.doesNotThrow(() => { throw new Error("x"); }, "msg"));
add("doesNotThrow class other", (m) => m.doesNotThrow(() => { throw new Error("x"); }, TypeError));
add("doesNotThrow class same", (m) => m.doesNotThrow(() => { throw new TypeError("x"); }, TypeError, "m"));
add("doesNotThrow ok", (m) => m.doesNotThrow(() => 1));
add("ifError", (m) => m.ifError(new Error("e")));
add("ifError str", (m) => m.ifError("e"));
add("ifError empty", (m) => m.ifError(new TypeError("")));
add("ifError null", (m) => m.ifError(null));
add("match", (m) => m.match("abc", /x/));
add("match ok", (m) => m.match("abc", /b/));
add("match non-string", (m) => m.match(1, /x/));
add("match bad regexp", (m) => m.match("a", "a"));
add("match msg", (m) => m.match("abc", /x/, "msg"));
add("doesNotMatch", (m) => m.doesNotMatch("abc", /b/));
add("strictEqual msg", (m) => m.strictEqual(1, 2, "custom"));
add("deepStrictEqual msg", (m) => m.deepStrictEqual({ a: 1 }, { a: 2 }, "custom"));
add("strictEqual long msg", (m) => m.strictEqual("a".repeat(20), "b".repeat(20), "custom"));
add("equal msg err", (m) => m.equal(1, 2, new RangeError("r")));
add("strictEqual missing", (m) => m.strictEqual(1));
add("deepEqual missing", (m) => m.deepEqual());
add("AssertionError", (m) => { throw new m.AssertionError({ actual: 1, expected: 2, operator: "strictEqual" }); });
add("AssertionError msg", (m) => { throw new m.AssertionError({ message: "m" }); });
add("AssertionError bad", (m) => { throw new m.AssertionError(1); });
add("strict.equal", (m) => m.strict.equal(1, "1"));
add("strict()", (m) => m.strict(0, "m"));
add("Assert loose", (m) => new m.Assert({ strict: false }).equal(1, "1"));
add("Assert strict", (m) => new m.Assert().equal(1, "1"));
add("Assert bad diff", (m) => new m.Assert({ diff: "x" }));
add("partial ok", (m) => m.partialDeepStrictEqual({ a: 1, b: 2 }, { a: 1 }));
add("partial fail", (m) => m.partialDeepStrictEqual({ a: 1, b: 2 }, { a: 2 }));
add("long list", (m) => m.deepStrictEqual(Array.from({ length: 60 }, (_, i) => i), Array.from({ length: 60 }, (_, i) => (i === 30 ? -1 : i))));
add("long notDeep", (m) => m.notDeepStrictEqual(Array.from({ length: 60 }, (_, i) => i), Array.from({ length: 60 }, (_, i) => i)));
add("same structure", (m) => m.strictEqual([1, 2], [1, 2]));
add("functions", (m) => m.strictEqual(function a() {}, function b() {}));
add("deep errors", (m) => m.deepStrictEqual(new Error("a"), new Error("b")));
add("comma", (m) => m.deepStrictEqual({ a: 1, b: 2 }, { a: 1 }));
add("comma2", (m) => m.deepStrictEqual([1, 2, 3], [1, 2]));
add("nested long", (m) => m.deepStrictEqual({ a: Array.from({ length: 20 }, (_, i) => ({ i })) }, { a: Array.from({ length: 20 }, (_, i) => ({ i: i === 10 ? 0 : i })) }));


{
  const mine = load("node_assert");
  const node = require("assert");
  check("assert/strict module", String(load("node_assert_strict") === mine.strict), "true");
  const plain = (v) => (v instanceof Error ? `<${v.name}: ${v.message}>` : v);
  const outcome = (m, f) => {
    try {
      f(m);
      return "no throw";
    } catch (e) {
      return util.inspect([e.name, e.code, e.message, e.generatedMessage, e.operator, plain(e.actual), plain(e.expected),
        e instanceof m.AssertionError, String(e).split("\n")[0]], { depth: 4, breakLength: Infinity });
    }
  };
  const a = (label, f) => check(label, outcome(mine, f), outcome(node, f));
  a("keys", (m) => { throw new Error(Object.keys(m).join()); });
  a("strict keys", (m) => { throw new Error(Object.keys(m.strict).join()); });
  const vals = [1, 2, "a", "b", "a\nb\nc", "a\nx\nc", "a".repeat(20), "b".repeat(20), 0, -0, NaN, null, undefined, true, {}, { a: 1 },
    { a: 2 }, [1, 2, 3], [1, 2, 4], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5, 6, 7, 8, 9, 11], new Map([[1, 2]]), new Map([[1, 3]]),
    new Set([1]), new Set([2]), { a: { b: { c: [1, 2, { d: 3 }] } } }, { a: { b: { c: [1, 2, { d: 4 }] } } }, "1", [1], ["1"],
    new Date(0), new Date(1), /a/g, /a/i, new Error("x"), new TypeError("x"), function f() {}, Symbol.for("s"), 10n, [],
    Object.create(null), { x: 1, y: 2, z: 3, w: { q: [1, 2] } }, { x: 1, y: 2, z: 4, w: { q: [1, 3] } }, "abcdefghij", "abcdefghik",
    "short", "shorx", 123456789, 123456780];
  for (let i = 0; i < vals.length; i++) {
    for (let j = 0; j < vals.length; j++) {
      for (const op of ["strictEqual", "deepStrictEqual", "deepEqual", "equal", "notEqual", "notStrictEqual", "notDeepStrictEqual", "notDeepEqual"]) {
        if ((i + j) % 3 !== 0 && op !== "deepStrictEqual" && op !== "strictEqual") continue;
        a(`${op}(#${i}, #${j})`, (m) => m[op](vals[i], vals[j]));
      }
    }
  }
  for (const [label, f] of assertCases) a(label, f);
  same("CallTracker", mine, node, (m) => {
    let out;
    const warnings = warningsOf(() => {
      const t = new m.CallTracker();
      const f = t.calls((x) => x * 2, 2);
      f(1);
      out = [f(3), t.report().map((r) => [r.message, r.actual, r.expected, r.operator]), t.getCalls(f).map((c) => c.arguments)];
      try {
        t.verify();
      } catch (e) {
        out.push(e.code, e.message);
      }
      f(2);
      t.verify();
      t.reset(f);
      out.push(t.getCalls(f).length);
    });
    return [out, warnings];
  });
  same("AssertionError shape", mine, node, (m) => {
    const e = new m.AssertionError({ actual: 1, expected: 2, operator: "strictEqual" });
    return [e.name, e.code, Object.keys(e), String(e), e instanceof Error, Object.getOwnPropertyDescriptor(e, "name")];
  });
  // The source of a failed assert(), read from this file.
  a("ok(false) shows its source", (m) => m.ok(false));
  a("assert(0) multi-line", (m) => m(
    0,
  ));
}

// ---------------------------------------------------------------------------
// assert.rejects / doesNotReject (asynchronous)

(async () => {
  const mine = load("node_assert");
  const node = require("assert");
  const plain = (v) => (v instanceof Error ? `<${v.name}: ${v.message}>` : v);
  const outcome = async (m, f) => {
    try {
      await f(m);
      return "no throw";
    } catch (e) {
      return util.inspect([e.name, e.code, e.message, e.generatedMessage, e.operator, plain(e.actual), plain(e.expected)], { depth: 4, breakLength: Infinity });
    }
  };
  const cases = [
    ["rejects none", (m) => m.rejects(Promise.resolve(1))],
    ["rejects fn none", (m) => m.rejects(async () => 1)],
    ["rejects ok", (m) => m.rejects(Promise.reject(new Error("x")), /x/)],
    ["rejects mismatch", (m) => m.rejects(Promise.reject(new Error("x")), /y/)],
    ["rejects class", (m) => m.rejects(Promise.reject(new Error("x")), TypeError)],
    ["rejects object", (m) => m.rejects(Promise.reject(new Error("x")), { message: "y" })],
    ["rejects bad fn", (m) => m.rejects(() => 1)],
    ["rejects bad arg", (m) => m.rejects(1)],
    ["rejects msg", (m) => m.rejects(Promise.resolve(), "msg")],
    ["doesNotReject", (m) => m.doesNotReject(Promise.reject(new Error("x")))],
    ["doesNotReject ok", (m) => m.doesNotReject(Promise.resolve(1))],
    ["doesNotReject fn", (m) => m.doesNotReject(async () => { throw new Error("y"); }, "msg")],
    ["doesNotReject other class", (m) => m.doesNotReject(Promise.reject(new Error("z")), TypeError)],
  ];
  for (const [label, f] of cases) check(label, await outcome(mine, f), await outcome(node, f));
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
})();
