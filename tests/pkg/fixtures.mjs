// fixtures.mjs - the packages the fixture registry (registry.mjs) serves.
//
// `packages` maps a name to { distTags, versions: [VERSION...], meta? }.
// A VERSION is { version, ...package.json fields, files?, entries?, ... }:
//   dependencies, peerDependencies, peerDependenciesMeta,
//   optionalDependencies, os, cpu, deprecated, scripts, gypfile, type,
//   main, exports: as in package.json (deprecated goes to the packument
//     only); optionalDependencies are also listed under dependencies in the
//     packument, as `npm publish` does.
//   files: { path: content } under package/ (default: an index.js that
//     exports name, version and its required dependencies).
//   entries: extra raw tar entries (tar.mjs) after the files; with
//     `onlyEntries: true` the tarball holds just these.
//   lazy: build the tarball on first use (bombs), cached in the temp dir.
//   dist(d, ctx, tgz): change the dist object (integrity, shasum, tarball URL).
//   doc(d, ctx): change the version document in the packument.
//   serveTarball: "redirect-http" | "redirect-https" | "404" | "stall" |
//     "garbage-ok" (bytes that are not gzip, with a matching integrity).
//   tarballDelayMs: answer the tarball after this delay.
// `meta` changes how the packument is served: "stall" (accept, never
// answer), "trickle" (a byte every 500 ms, forever: faster than curl's
// low-speed limit), "big" (100 MB
// streamed), "garbage" (not JSON), "redirect-http" / "redirect-https" (to
// the trap), "500", or a function (doc, ctx) => doc to rewrite it.
// ctx: { base: "http://127.0.0.1:PORT", trap: "http://127.0.0.1:TRAP",
//        trapPort }.
//
// Names: fx-* behave (functional tests), evil-* attack (security cases).
// Markers that must never appear on the host: /tmp/acs-fx-* and the
// POSTINSTALL-RAN files.

import crypto from "node:crypto";

const cjs = (s) => `"use strict";\n${s}\n`;

// The default index.js: name, version and its required dependencies.
function defaultIndex(name, version, deps) {
  return cjs(`exports.name = ${JSON.stringify(name)};
exports.version = ${JSON.stringify(version)};
exports.deps = {};
for (const d of ${JSON.stringify(deps)}) exports.deps[d] = require(d);`);
}

const plain = (versions, distTags) => ({
  distTags: distTags || { latest: versions[versions.length - 1] },
  versions: versions.map((version) => ({ version })),
});

// a -> b -> c -> d -> e: each exports chain "a@1.0.0>b@...>...".
function chainLink(name, version, next, range) {
  return {
    version,
    dependencies: next ? { [next]: range } : undefined,
    files: {
      "index.js": cjs(`exports.version = ${JSON.stringify(version)};
exports.chain = ${JSON.stringify(`${name.slice(-1)}@${version}`)}${next ? ` + ">" + require(${JSON.stringify(next)}).chain` : ""};`),
    },
  };
}

// A diamond member: exports its version and the fx-dia-shared it sees.
const diaSide = (version, range) => ({
  version,
  dependencies: { "fx-dia-shared": range },
  files: {
    "index.js": cjs(`exports.version = ${JSON.stringify(version)};
exports.shared = require("fx-dia-shared");`),
  },
});

const sharedVersion = (version) => ({
  version,
  files: { "index.js": cjs(`exports.version = ${JSON.stringify(version)};\nexports.hits = 0;`) },
});

const optionalProbe = (names) => cjs(`const loaded = [], missing = [];
for (const n of ${JSON.stringify(names)}) {
  try { require(n); loaded.push(n); } catch (e) { missing.push(n + ":" + (e.code || e.message)); }
}
exports.loaded = loaded;
exports.missing = missing;`);

const MARK = "/tmp/acs-fx-postinstall-ran";
const postinstallScript = (which) =>
  `node -e "require('fs').writeFileSync('${MARK}', '${which}')" && touch POSTINSTALL-RAN && touch "$INIT_CWD/POSTINSTALL-RAN"`;

export const packages = {
  // ------------------------------------------------------------- ranges
  // latest (2.0.0) is not the highest (2.1.0); next is a prerelease.
  "fx-ranges": {
    distTags: { latest: "2.0.0", next: "3.0.0-rc.1", beta: "1.5.0-beta.1" },
    versions: ["1.0.0", "1.1.0", "1.2.0", "1.2.5", "1.4.0", "1.5.0-beta.1", "2.0.0", "2.1.0", "3.0.0-rc.1"]
      .map((version) => ({ version })),
  },
  // ^1 must pick 1.0.0: 1.1.0 is deprecated. ~1.1.0 has only the
  // deprecated one, which is then used.
  "fx-deprecated": {
    distTags: { latest: "2.0.0" },
    versions: [
      { version: "1.0.0" },
      { version: "1.1.0", deprecated: "fx-deprecated 1.1.0 is broken, use 1.0.0" },
      { version: "2.0.0" },
    ],
  },
  // A dependency range with || and x-ranges: "1.0.x || 1.1.x" -> 1.1.0.
  "fx-range-user": {
    distTags: { latest: "1.0.0" },
    versions: [{ version: "1.0.0", dependencies: { "fx-ranges": "1.0.x || 1.1.x" } }],
  },

  // --------------------------------------------------------- deep chain
  "fx-chain-a": { distTags: { latest: "1.0.0" }, versions: [chainLink("fx-chain-a", "1.0.0", "fx-chain-b", "^1.0.0")] },
  "fx-chain-b": {
    distTags: { latest: "1.1.0" },
    versions: [chainLink("fx-chain-b", "1.0.0", "fx-chain-c", "^1"), chainLink("fx-chain-b", "1.1.0", "fx-chain-c", "^1")],
  },
  "fx-chain-c": { distTags: { latest: "1.0.0" }, versions: [chainLink("fx-chain-c", "1.0.0", "fx-chain-d", "1.x")] },
  "fx-chain-d": {
    distTags: { latest: "2.0.0" },
    versions: [chainLink("fx-chain-d", "1.3.0", "fx-chain-e", "~1.0.0"), chainLink("fx-chain-d", "2.0.0", "fx-chain-e", "^1")],
  },
  "fx-chain-e": {
    distTags: { latest: "1.1.0" },
    versions: [chainLink("fx-chain-e", "1.0.0"), chainLink("fx-chain-e", "1.0.2"), chainLink("fx-chain-e", "1.1.0")],
  },

  // ------------------------------------------------------------ diamond
  // top -> left (shared ^1), mid (shared ^1.1), right (shared ^2):
  // left and mid share one 1.2.0, right gets 2.1.0 (one of them nested).
  "fx-dia-top": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      dependencies: { "fx-dia-left": "^1", "fx-dia-mid": "^1", "fx-dia-right": "^1" },
      files: {
        "index.js": cjs(`const left = require("fx-dia-left"), mid = require("fx-dia-mid"), right = require("fx-dia-right");
exports.left = left; exports.mid = mid; exports.right = right;
exports.summary = "left:" + left.shared.version + " mid:" + mid.shared.version + " right:" + right.shared.version +
  " left-mid-same:" + (left.shared === mid.shared);`),
      },
    }],
  },
  "fx-dia-left": { distTags: { latest: "1.0.0" }, versions: [diaSide("1.0.0", "^1.0.0")] },
  "fx-dia-mid": { distTags: { latest: "1.0.0" }, versions: [diaSide("1.0.0", "^1.1.0")] },
  "fx-dia-right": { distTags: { latest: "1.0.0" }, versions: [diaSide("1.0.0", "^2.0.0")] },
  "fx-dia-shared": {
    distTags: { latest: "2.1.0" },
    versions: ["1.0.0", "1.1.0", "1.2.0", "2.0.0", "2.1.0"].map(sharedVersion),
  },

  // a dependency cycle: a -> b -> a
  "fx-cycle-a": {
    distTags: { latest: "1.0.0" },
    versions: [{ version: "1.0.0", dependencies: { "fx-cycle-b": "^1" },
      files: { "index.js": cjs(`exports.version = "a1"; exports.other = () => require("fx-cycle-b").version;`) } }],
  },
  "fx-cycle-b": {
    distTags: { latest: "1.0.0" },
    versions: [{ version: "1.0.0", dependencies: { "fx-cycle-a": "^1" },
      files: { "index.js": cjs(`exports.version = "b1"; exports.other = () => require("fx-cycle-a").version;`) } }],
  },

  // -------------------------------------------------------- peer deps
  "fx-peer-host": plain(["1.0.0", "2.0.0", "2.3.0"]),
  "fx-peer-plugin": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      peerDependencies: { "fx-peer-host": "^2" },
      files: { "index.js": cjs(`const host = require("fx-peer-host");
exports.version = "1.0.0"; exports.host = host; exports.hostVersion = host.version;`) },
    }],
  },
  // an optional peer that nobody asks for must not be installed
  "fx-peer-optional": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      peerDependencies: { "fx-peer-absent": "^1" },
      peerDependenciesMeta: { "fx-peer-absent": { optional: true } },
      files: { "index.js": cjs(`let absent;
try { absent = "present " + require("fx-peer-absent").version; } catch (e) { absent = "absent"; }
exports.absent = absent;`) },
    }],
  },
  "fx-peer-absent": plain(["1.0.0"]),

  // ---------------------------------------------------- optional deps
  "fx-opt-user": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      optionalDependencies: {
        "fx-opt-linux": "^1", "fx-opt-win": "^1", "fx-opt-mips": "^1", "fx-opt-notlinux": "^1",
        "fx-opt-missing": "^1", "fx-native": "^1",
      },
      files: { "index.js": optionalProbe(["fx-opt-linux", "fx-opt-win", "fx-opt-mips", "fx-opt-notlinux", "fx-opt-missing", "fx-native"]) },
    }],
  },
  "fx-opt-linux": { distTags: { latest: "1.0.0" }, versions: [{ version: "1.0.0", os: ["linux"] }] },
  "fx-opt-win": { distTags: { latest: "1.0.0" }, versions: [{ version: "1.0.0", os: ["win32"] }] },
  "fx-opt-mips": { distTags: { latest: "1.0.0" }, versions: [{ version: "1.0.0", cpu: ["mips"] }] },
  "fx-opt-notlinux": { distTags: { latest: "1.0.0" }, versions: [{ version: "1.0.0", os: ["!linux"] }] },
  // (fx-opt-missing is not in the registry)

  // a native addon: binding.gyp, gypfile; its require fails in a sandbox
  "fx-native": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      gypfile: true,
      files: {
        "binding.gyp": JSON.stringify({ targets: [{ target_name: "addon", sources: ["addon.c"] }] }),
        "addon.c": "/* never built */\n",
        "index.js": cjs(`module.exports = require("./build/Release/addon.node");`),
      },
    }],
  },
  "fx-native-user": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      optionalDependencies: { "fx-native": "^1" },
      files: { "index.js": optionalProbe(["fx-native"]) },
    }],
  },

  // ----------------------------------------------------------- scoped
  "@fx/scoped": {
    distTags: { latest: "1.1.0" },
    versions: ["1.0.0", "1.1.0"].map((version) => ({
      version,
      files: {
        "index.js": cjs(`exports.version = ${JSON.stringify(version)};`),
        "sub.js": cjs(`exports.sub = "scoped-sub ${version}";`),
      },
    })),
  },
  "@fx/scoped-dep": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      dependencies: { "@fx/scoped": "~1.0.0" },
      files: { "index.js": cjs(`exports.scoped = require("@fx/scoped").version;`) },
    }],
  },

  // ------------------------------------------------- exports, ESM, CJS
  "fx-exports": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      exports: {
        ".": { import: "./esm/index.mjs", require: "./cjs/index.cjs", default: "./cjs/index.cjs" },
        "./feature": { import: "./esm/feature.mjs", require: "./cjs/feature.cjs" },
        "./utils/*": "./lib/utils/*.js",
        "./utils/private/*": null,
        "./package.json": "./package.json",
      },
      files: {
        "esm/index.mjs": `export const kind = "esm";\nexport default "esm-default";\n`,
        "esm/feature.mjs": `export const feature = "feature-esm";\n`,
        "cjs/index.cjs": cjs(`exports.kind = "cjs";`),
        "cjs/feature.cjs": cjs(`exports.feature = "feature-cjs";`),
        "lib/utils/a.js": cjs(`module.exports = "util-a";`),
        "lib/utils/private/x.js": cjs(`module.exports = "private-x";`),
        "hidden.js": cjs(`module.exports = "HIDDEN-LOADED";`),
      },
    }],
  },
  "fx-esm": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      type: "module",
      exports: "./index.js",
      files: {
        "index.js": `import { shout } from "./util.js";\nexport const hello = () => shout("esm-hello");\nexport default { kind: "esm" };\n`,
        "util.js": `export const shout = (s) => s.toUpperCase();\n`,
      },
    }],
  },
  "fx-cjs": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      files: { "index.js": cjs(`exports.hello = () => "cjs-hello";\nexports.version = "1.0.0";`) },
    }],
  },
  // __esModule: import default gets module.exports, as in Node
  "fx-cjs-esmodule": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      files: { "index.js": cjs(`Object.defineProperty(exports, "__esModule", { value: true });
exports.default = "dflt";
exports.named = "nmd";`) },
    }],
  },
  "fx-main-only": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      main: "lib/entry.js",
      files: { "lib/entry.js": cjs(`exports.where = "main-entry";`) },
    }],
  },
  "fx-main-noext": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      main: "./lib/entry",
      files: { "lib/entry.js": cjs(`exports.where = "main-noext";`) },
    }],
  },
  // the tarball's top directory is not "package/" (it is dropped anyway)
  "fx-odd-root": {
    distTags: { latest: "1.0.0" },
    versions: [{ version: "1.0.0", root: "node", files: { "index.js": cjs(`exports.root = "odd-root-ok";`) } }],
  },
  // a link inside the package (npm drops links; acs may keep this one),
  // and odd modes (setuid, world-writable) that must not survive
  "fx-modes": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      files: { "index.js": cjs(`try { exports.alias = require("./alias.js").ok; } catch (e) { exports.alias = "no-link"; }`), "real.js": cjs(`exports.ok = "inside-link-ok";`) },
      entries: [
        { path: "package/alias.js", type: "symlink", linkname: "real.js" },
        { path: "package/setuid.sh", content: "#!/bin/sh\necho hi\n", mode: 0o4777 },
        { path: "package/open.txt", content: "x\n", mode: 0o666 },
      ],
    }],
  },

  // dependency aliases (npm:) in a package's own dependencies
  "fx-alias-user": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      dependencies: { "fx-aliased": "npm:fx-ranges@^1" },
      files: { "index.js": cjs(`exports.aliased = require("fx-aliased").version;`) },
    }],
  },

  // ----------------------------------------------- scripts and phantoms
  "fx-postinstall": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      scripts: { preinstall: postinstallScript("preinstall"), install: postinstallScript("install"), postinstall: postinstallScript("postinstall"), prepare: postinstallScript("prepare") },
      files: { "index.js": cjs(`exports.installed = "postinstall-pkg-loaded";`) },
    }],
  },
  // bins (tests/e2e/box_npm.sh): an object bin with a #!/usr/bin/env node
  // script, a string bin, and a tool used as a devDependency
  "fx-bin": {
    distTags: { latest: "1.2.0" },
    versions: [{ version: "1.0.0", bin: { "fx-hello": "bin/hello.js" }, files: {
      "index.js": cjs(`exports.v = "1.0.0";`),
      "bin/hello.js": "#!/usr/bin/env node\nconsole.log('hello 1.0.0 ' + process.argv.slice(2).join(','));\n",
    } }, {
      version: "1.2.0",
      dependencies: { "fx-chain-e": "^1" },
      bin: { "fx-hello": "./bin/hello.js", "fx-hello-chain": "bin/chain.js" },
      files: {
        "index.js": cjs(`exports.v = "1.2.0";`),
        "bin/hello.js": "#!/usr/bin/env node\nconsole.log('hello 1.2.0 ' + process.argv.slice(2).join(','));\n",
        "bin/chain.js": "#!/usr/bin/env node\nconsole.log(require('fx-chain-e').chain);\n",
      },
    }],
  },
  "fx-tool": {
    distTags: { latest: "2.0.0" },
    versions: [{ version: "2.0.0", bin: "cli.js", files: {
      "index.js": cjs(`exports.tool = true;`),
      "cli.js": "#!/usr/bin/env node\nconsole.log('fx-tool ran in ' + process.cwd() + ' args=' + JSON.stringify(process.argv.slice(2)));\n",
    } }],
  },
  // requires fx-cjs without declaring it
  "fx-phantom": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      files: { "index.js": cjs(`exports.tryCjs = () => { try { return "LOADED " + require("fx-cjs").hello(); } catch (e) { return "ERR " + (e.code || e.message); } };
exports.tryImport = async () => { try { const m = await import("fx-cjs"); return "LOADED " + m.hello(); } catch (e) { return "ERR " + (e.code || e.message); } };`) },
    }],
  },
  // declares and uses fx-cjs (the honest neighbour of fx-phantom)
  "fx-declared": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      dependencies: { "fx-cjs": "^1" },
      files: { "index.js": cjs(`exports.viaDep = require("fx-cjs").hello();`) },
    }],
  },
  // slow to download: the time limit must not count it
  "fx-slow": {
    distTags: { latest: "1.0.0" },
    versions: [{ version: "1.0.0", tarballDelayMs: 2500, files: { "index.js": cjs(`exports.slow = "slow-ok";`) } }],
  },

  // ====================================================== README stand-ins
  // Small packages under the real names the product README uses
  // (bindings/node/test/readme.test.mjs): just enough of their API for
  // its examples. papaparse: latest (5.4.1) is not the highest (5.7.0), so
  // that the README's range forms (5, 5.7, ~5.1.0, ...) each pick a
  // different version; every copy exports its version.
  "papaparse": {
    distTags: { latest: "5.4.1" },
    versions: ["4.6.3", "5.1.0", "5.1.3", "5.4.1", "5.7.0"].map((version) => ({
      version,
      main: "papaparse.js",
      files: {
        "papaparse.js": cjs(`// stand-in for papaparse: splits on \\n and , (no quoting)
function parse(text) {
  const data = String(text).split("\\n").map((line) => line.split(","));
  return { data, errors: [], meta: { delimiter: ",", linebreak: "\\n" } };
}
module.exports = { parse, version: ${JSON.stringify(version)} };`),
      },
    })),
  },
  // date-fns 3.x / 4.x: ESM with a CommonJS twin, format() for a few tokens
  "date-fns": {
    distTags: { latest: "4.1.0" },
    versions: ["2.30.0", "3.6.0", "4.1.0"].map((version) => {
      const body = `const pad = (n, w) => String(n).padStart(w, "0");
const TOKENS = {
  yyyy: (d) => pad(d.getFullYear(), 4), MM: (d) => pad(d.getMonth() + 1, 2), dd: (d) => pad(d.getDate(), 2),
  HH: (d) => pad(d.getHours(), 2), mm: (d) => pad(d.getMinutes(), 2), ss: (d) => pad(d.getSeconds(), 2),
};
function format(date, fmt) {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  return String(fmt).replace(/yyyy|MM|dd|HH|mm|ss/g, (t) => TOKENS[t](d));
}
const addDays = (date, n) => { const d = new Date(date); d.setDate(d.getDate() + n); return d; };
const VERSION = ${JSON.stringify(version)};`;
      return {
        version,
        type: "module",
        main: "./index.cjs",
        exports: {
          ".": { import: "./index.js", require: "./index.cjs" },
          "./format": { import: "./format.js", require: "./format.cjs" },
          "./package.json": "./package.json",
        },
        files: {
          "index.js": `${body}\nexport { format, addDays, VERSION };\n`,
          "index.cjs": cjs(`${body}\nmodule.exports = { format, addDays, VERSION };`),
          "format.js": `export { format, format as default } from "./index.js";\n`,
          "format.cjs": cjs(`exports.format = require("./index.cjs").format;`),
        },
      };
    }),
  },
  "lodash": {
    distTags: { latest: "4.17.21" },
    versions: ["4.17.20", "4.17.21"].map((version) => ({
      version,
      main: "lodash.js",
      files: {
        "lodash.js": cjs(`const _ = {
  VERSION: ${JSON.stringify(version)},
  chunk: (a, n = 1) => { const out = []; for (let i = 0; i < a.length; i += n) out.push(a.slice(i, i + n)); return out; },
  sum: (a) => a.reduce((s, x) => s + x, 0),
  uniq: (a) => [...new Set(a)],
  groupBy: (a, f) => a.reduce((o, x) => { const k = typeof f === "function" ? f(x) : x[f]; (o[k] = o[k] || []).push(x); return o; }, {}),
};
module.exports = _;`),
        "chunk.js": cjs(`module.exports = require("./lodash.js").chunk;`),
      },
    })),
  },

  // ================================================================ attacks
  // Marker paths /tmp/acs-fx-* must never exist on the host.
  "evil-dotdot": attack([
    { path: "package/../../../../../../../../../../tmp/acs-fx-evil-dotdot", content: "PWNED\n" },
    { path: "package/../../escaped-into-cache", content: "PWNED\n" },
  ]),
  "evil-dotdot-mid": attack([{ path: "package/lib/../../../../../../../../../tmp/acs-fx-evil-dotdot-mid", content: "PWNED\n" }]),
  "evil-absolute": attack([{ path: "/tmp/acs-fx-evil-absolute", content: "PWNED\n" }]),
  "evil-backslash": attack([{ path: "package\\..\\..\\..\\..\\tmp\\acs-fx-evil-backslash", content: "PWNED\n" }]),
  "evil-symlink-etc": attack([{ path: "package/passwd", type: "symlink", linkname: "/etc/passwd" }]),
  "evil-symlink-up": attack([{ path: "package/up", type: "symlink", linkname: "../../../../../../.." }]),
  "evil-symlink-chain": attack([
    { path: "package/one", type: "symlink", linkname: "two" },
    { path: "package/two", type: "symlink", linkname: "../../.." },
  ]),
  "evil-hardlink-etc": attack([{ path: "package/hl", type: "link", linkname: "/etc/passwd" }]),
  "evil-hardlink-up": attack([{ path: "package/hl", type: "link", linkname: "../../../../../../../etc/passwd" }]),
  "evil-symlink-write": attack([
    { path: "package/dir", type: "symlink", linkname: "/tmp" },
    { path: "package/dir/acs-fx-evil-symlink-write", content: "PWNED\n" },
  ]),
  // a link that stays inside, then a write through it (refused too)
  "evil-symlink-write-inside": attack([
    { path: "package/lib/", type: "dir" },
    { path: "package/lnk", type: "symlink", linkname: "lib" },
    { path: "package/lnk/through.js", content: "PWNED\n" },
  ]),
  // a file, then a link under the same name that leaves
  "evil-replace-with-link": attack([
    { path: "package/lib/", type: "dir" },
    { path: "package/lib", type: "symlink", linkname: "/tmp" },
    { path: "package/lib/acs-fx-evil-replace", content: "PWNED\n" },
  ]),
  "evil-device": attack([{ path: "package/null", type: "char", devmajor: 1, devminor: 3 }]),
  "evil-block": attack([{ path: "package/disk", type: "block", devmajor: 8, devminor: 0 }]),
  "evil-fifo": attack([{ path: "package/pipe", type: "fifo" }]),
  // a PAX header renames a harmless-looking entry to ../..
  "evil-pax-path": attack([
    { type: "pax", path: "package/PaxHeader/x", pax: { path: "package/../../../../../../../../tmp/acs-fx-evil-pax" } },
    { path: "package/harmless.txt", content: "PWNED\n" },
  ]),
  "evil-pax-linkpath": attack([
    { type: "pax", path: "package/PaxHeader/y", pax: { linkpath: "/etc/passwd" } },
    { path: "package/y", type: "symlink", linkname: "harmless" },
  ]),
  "evil-gnu-longname": attack([
    { type: "gnulong", content: "package/../../../../../../../../../tmp/acs-fx-evil-gnulong" },
    { path: "package/short.txt", content: "PWNED\n" },
  ]),
  // the header claims 2 GiB; the archive ends long before
  "evil-declared-huge": attack([{ path: "package/big.bin", content: "tiny", size: 2 * 1024 ** 3 }]),
  // one file past the one-file cap (256 MiB)
  "evil-huge-file": attack([{ path: "package/huge.bin", zeros: 300 * 1024 ** 2 }], { lazy: true }),
  // a gzip bomb: 1.1 GiB unpacked in files under the one-file cap
  "evil-gzip-bomb": attack(
    Array.from({ length: 6 }, (_, i) => ({ path: `package/bomb${i}.bin`, zeros: 190 * 1024 ** 2 })),
    { lazy: true }),
  // more entries than the cap (100 000)
  "evil-many-entries": attack(() =>
    Array.from({ length: 100_050 }, (_, i) => ({ path: `package/f/${i % 100}/${i}`, content: "" })), { lazy: true }),
  // integrity and checksums
  "evil-integrity": attack([], { dist: (d) => ({ ...d, integrity: sri("sha512", "something else") }) }),
  // a wrong sha512 beside a right sha1: the strongest hash decides
  "evil-integrity-downgrade": attack([], { dist: (d, ctx, bytes) => ({ ...d, integrity: `${sri("sha512", "other")} ${sri("sha1", bytes)}` }) }),
  "evil-integrity-unknown": attack([], { dist: (d) => ({ tarball: d.tarball, integrity: "sha999-AAAA" }) }),
  "evil-shasum": attack([], { dist: (d) => ({ tarball: d.tarball, shasum: hex("sha1", "something else") }) }),
  "evil-no-integrity": attack([], { dist: (d) => ({ tarball: d.tarball }) }),
  // where the tarball comes from
  "evil-redirect-http": attack([], { serveTarball: "redirect-http" }),
  "evil-redirect-https": attack([], { serveTarball: "redirect-https" }),
  "evil-tarball-trap": attack([], { dist: (d, ctx) => ({ ...d, tarball: `${ctx.trap}/evil-tarball-trap/-/evil-tarball-trap-1.0.0.tgz` }) }),
  "evil-tarball-localhost": attack([], { dist: (d, ctx) => ({ ...d, tarball: `http://localhost:${ctx.trapPort}/x.tgz` }) }),
  "evil-tarball-file-url": attack([], { dist: (d) => ({ ...d, tarball: "file:///etc/passwd" }) }),
  "evil-tarball-404": attack([], { serveTarball: "404" }),
  "evil-tarball-garbage": attack([], { serveTarball: "garbage-ok" }),
  // packuments that lie or misbehave
  "evil-name-mismatch": attack([], { meta: (doc) => ({ ...doc, name: "fx-cjs" }), doc: (d) => ({ ...d, name: "fx-cjs" }) }),
  "evil-version-name": attack([], { doc: (d) => ({ ...d, name: "fx-esm" }) }),
  "evil-version-dotdot": attack([], { doc: (d) => ({ ...d, version: "../../../../../tmp/acs-fx-evil-version" }) }),
  "evil-meta-redirect-http": attack([], { meta: "redirect-http" }),
  "evil-meta-redirect-https": attack([], { meta: "redirect-https" }),
  "evil-bigmeta": attack([], { meta: "big" }),
  "evil-garbage-meta": attack([], { meta: "garbage" }),
  "evil-meta-500": attack([], { meta: "500" }),
  "evil-stall": attack([], { meta: "stall" }),
  "evil-trickle": attack([], { meta: "trickle" }),
  "evil-stall-tarball": attack([], { serveTarball: "stall" }),
  // dependency specs that are not registry ranges
  "evil-dep-git": attackDeps((ctx) => ({ "fx-cjs": `git+https://127.0.0.1:${ctx.trapPort}/x/fx-cjs.git` })),
  "evil-dep-http": attackDeps((ctx) => ({ "fx-cjs": `${ctx.trap}/fx-cjs.tgz` })),
  "evil-dep-file": attackDeps({ "fx-cjs": "file:../../../../../etc" }),
  "evil-dep-github": attackDeps({ "fx-cjs": "someone/fx-cjs#main" }),
  "evil-dep-alias-dotdot": attackDeps({ "fx-x": "npm:../../../etc@1" }),
  "evil-dep-alias-odd": attackDeps({ "fx-x": "npm:fx-ranges@>=0 <0" }),
  "evil-dep-name-dotdot": attackDeps({ "../../../etc": "^1" }),
  "evil-dep-scope-dotdot": attackDeps({ "@fx/../../etc": "^1" }),
  "evil-dep-missing": attackDeps({ "fx-not-in-registry": "^1" }),
  "evil-dep-norange": attackDeps({ "fx-ranges": "^99" }),
  // package.json pointing out of the package
  "evil-main-outside": attackPkg({ main: "../../../../../../../etc/passwd" }),
  "evil-main-absolute": attackPkg({ main: "/etc/passwd" }),
  "evil-exports-outside": attackPkg({ exports: { ".": "./../../../../../etc/passwd" } }),
  // package code that tries the walls from inside /node_modules
  "evil-reader": {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      files: {
        "index.js": cjs(`const fs = require("fs"), path = require("path");
const tries = {
  "etc-passwd": () => fs.readFileSync("/etc/passwd", "utf8"),
  "proc-environ": () => fs.readFileSync("/proc/self/environ", "utf8"),
  "write-self": () => fs.writeFileSync(__filename, "PWNED"),
  "write-sibling": () => fs.writeFileSync(path.join(__dirname, "new.js"), "PWNED"),
  "mkdir-in-node-modules": () => fs.mkdirSync("/node_modules/evil-planted"),
  "chmod-self": () => fs.chmodSync(__filename, 0o777),
  "unlink-self": () => fs.unlinkSync(path.join(__dirname, "package.json")),
  "symlink-out": () => fs.symlinkSync("/etc", path.join(__dirname, "etc")),
};
exports.results = {};
for (const [k, f] of Object.entries(tries)) {
  try { f(); exports.results[k] = "ALLOWED"; } catch (e) { exports.results[k] = e.code || e.message; }
}
exports.read = (p) => { try { return fs.readFileSync(p, "utf8"); } catch (e) { return e.code; } };
exports.dirname = __dirname;`),
      },
    }],
  },
};

// ------------------------------------------------------------- helpers
function sri(alg, data) { return `${alg}-${crypto.createHash(alg).update(data).digest("base64")}`; }
function hex(alg, data) { return crypto.createHash(alg).update(data).digest("hex"); }

// A package whose 1.0.0 tarball carries the given extra entries (or is
// otherwise broken by opts); importing it prints "EVIL-LOADED".
function attack(entries, opts = {}) {
  const { meta, ...rest } = opts;
  return {
    distTags: { latest: "1.0.0" },
    meta,
    versions: [{
      version: "1.0.0",
      files: { "index.js": cjs(`console.log("EVIL-LOADED");\nexports.evil = true;`) },
      entries,
      ...rest,
    }],
  };
}
function attackDeps(deps) {
  return {
    distTags: { latest: "1.0.0" },
    versions: [{
      version: "1.0.0",
      dependencies: typeof deps === "function" ? undefined : deps,
      depsFn: typeof deps === "function" ? deps : undefined,
      files: { "index.js": cjs(`console.log("EVIL-LOADED");`) },
    }],
  };
}
function attackPkg(fields) {
  return { distTags: { latest: "1.0.0" }, versions: [{ version: "1.0.0", ...fields, files: { "README.md": "evil\n" } }] };
}
