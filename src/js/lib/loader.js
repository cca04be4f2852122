// loader.js - the module system: Node's resolution over the sandbox's
// files, ES modules (transformed by src/lang into functions whose
// parameters are their dependencies' namespaces), CommonJS with Node's
// wrapper, require(esm), JSON, and the builtin modules.
//
// An ES module goes through three steps, as in the spec: load (read,
// transform, resolve its dependencies, recursively), link (run each module
// function to its first `yield`, which registers its export getters, then
// copy `export *` names), evaluate (run the bodies, dependencies first).

const kSyntax = Symbol.for("acs.syntaxError");
const S_IFMT = 0o170000, S_IFREG = 0o100000, S_IFDIR = 0o040000;

// Node 22's builtin names: src/js/modfile.c, shared with the import scan.
const BUILTINS = host.builtins();
const SCHEME_ONLY = ["test", "test/reporters", "sea", "sqlite"];
const builtinSet = new Set(BUILTINS);

function codedError(Ctor, code, message) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

// ------------------------------------------------------------------ files

function statMode(path) {
  const st = host.fs.stat(path, true, false);
  return st === undefined ? 0 : st[1] & S_IFMT;
}
const isFile = (p) => statMode(p) === S_IFREG;
const isDir = (p) => statMode(p) === S_IFDIR;

function dirname(path) {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

function resolvePath(base, rel) {
  const parts = (rel.startsWith("/") ? rel : base + "/" + rel).split("/");
  const out = [];
  for (const p of parts) {
    if (p === "" || p === ".") continue;
    if (p === "..") out.pop();
    else out.push(p);
  }
  return "/" + out.join("/");
}

function fileURL(path) {
  return "file://" + path.split("/").map((s) => encodeURIComponent(s)).join("/");
}

function fromFileURL(spec) {
  const u = new URL(spec);
  if (u.protocol !== "file:") throw codedError(Error, "ERR_UNSUPPORTED_ESM_URL_SCHEME",
    `Only URLs with a scheme in: file, data, and node are supported by the default ESM loader. Received protocol '${u.protocol}'`);
  if (u.hostname) throw codedError(TypeError, "ERR_INVALID_FILE_URL_HOST", `File URL host must be "localhost" or empty on linux`);
  if (/%2f/i.test(u.pathname))
    throw codedError(TypeError, "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters");
  return decodeURIComponent(u.pathname);
}

const pkgCache = new Map();
function readPackageJson(dir) {
  const file = dir + "/package.json";
  if (pkgCache.has(file)) return pkgCache.get(file);
  let pkg = null;
  if (isFile(file)) {
    const text = host.fs.readFile(file, true);
    try {
      pkg = JSON.parse(text);
    } catch (e) {
      throw codedError(Error, "ERR_INVALID_PACKAGE_CONFIG", `Invalid package config ${file}.`);
    }
    if (pkg === null || typeof pkg !== "object") pkg = {};
    pkg.__dir = dir;
  }
  pkgCache.set(file, pkg);
  return pkg;
}

// The package.json that governs a file (its nearest one).
function packageScope(path) {
  let dir = dirname(path);
  for (;;) {
    const pkg = readPackageJson(dir);
    if (pkg) return pkg;
    if (dir === "/" || dir.endsWith("/node_modules")) return null;
    dir = dirname(dir);
  }
}

// ------------------------------------------------------------- resolution

// Exact file, then the lookups models expect: "./x.js" written for
// "./x.ts", extensionless names, directory main and index files. The file
// part is src/js/modfile.c, which the import scan uses too.
function tryFile(path) {
  const r = host.moduleFile(path, false);
  if (typeof r === "string") return r;
  if (r !== true) return null;
  const pkg = readPackageJson(path);
  if (pkg && typeof pkg.main === "string") {
    const main = tryFile(resolvePath(path, pkg.main));
    if (main) return main;
  }
  return host.moduleFile(path, true);
}

// A near name in the same directory, for the message.
function hint(path) {
  const dir = dirname(path), base = path.slice(dir.length + 1).toLowerCase();
  let entries;
  try {
    const names = host.fs.readdir(dir)[0];
    entries = names === "" ? [] : names.split("/");
  } catch {
    return "";
  }
  const stem = (s) => s.replace(/\.[^.]*$/, "");
  const near = entries.find((e) => e.toLowerCase() === base || stem(e.toLowerCase()) === stem(base));
  return near ? ` Did you mean '${dir === host.cwd ? "./" : dir + "/"}${near}'?` : "";
}

function conditionsFor(kind) {
  return kind === "require" ? ["require", "node", "module-sync", "default"] : ["import", "node", "module-sync", "default"];
}

function matchTarget(target, conditions, subst) {
  if (typeof target === "string") {
    return subst === undefined ? target : target.replace(/\*/g, subst);
  }
  if (Array.isArray(target)) {
    for (const t of target) {
      const r = matchTarget(t, conditions, subst);
      if (r !== undefined && r !== null) return r;
    }
    return undefined;
  }
  if (target && typeof target === "object") {
    for (const key of Object.keys(target)) {
      if (key === "default" || conditions.includes(key)) {
        const r = matchTarget(target[key], conditions, subst);
        if (r !== undefined) return r;
      }
    }
    return undefined;
  }
  return target === null ? null : undefined;
}

// package.json "exports" / "imports" for a subpath ("." or "./x" or "#x").
function resolveMap(map, subpath, conditions) {
  if (typeof map === "string" || Array.isArray(map) ||
      (map && typeof map === "object" && !Object.keys(map).some((k) => k.startsWith(".") || k.startsWith("#")))) {
    return subpath === "." ? matchTarget(map, conditions) : undefined;
  }
  if (Object.prototype.hasOwnProperty.call(map, subpath) && !subpath.includes("*"))
    return matchTarget(map[subpath], conditions);
  let best = null, bestSubst;
  for (const key of Object.keys(map)) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const pre = key.slice(0, star), post = key.slice(star + 1);
    if (subpath.startsWith(pre) && subpath.endsWith(post) && subpath.length >= key.length - 1) {
      if (!best || pre.length > best.indexOf("*")) {
        best = key;
        bestSubst = subpath.slice(pre.length, subpath.length - post.length);
      }
    }
  }
  if (best) return matchTarget(map[best], conditions, bestSubst);
  return undefined;
}

function notFoundESM(specifier, parent, isPackage) {
  const from = parent || host.cwd + "/";
  const what = isPackage ? "package" : "module";
  const err = codedError(Error, "ERR_MODULE_NOT_FOUND", `Cannot find ${what} '${specifier}' imported from ${from}`);
  return err;
}

function notFoundCJS(specifier, parent) {
  const err = codedError(Error, "MODULE_NOT_FOUND", `Cannot find module '${specifier}'\nRequire stack:\n- ${parent}`);
  err.requireStack = [parent];
  return err;
}

function resolvePackage(name, sub, parentDir, conditions, specifier, parent, kind) {
  let dir = parentDir;
  for (;;) {
    if (!dir.endsWith("/node_modules")) {
      const root = (dir === "/" ? "" : dir) + "/node_modules/" + name;
      if (isDir(root)) {
        const pkg = readPackageJson(root);
        if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
          const target = resolveMap(pkg.exports, sub, conditions);
          if (target === undefined || target === null) {
            throw codedError(Error, "ERR_PACKAGE_PATH_NOT_EXPORTED", sub === "."
              ? `No "exports" main defined in ${root}/package.json`
              : `Package subpath '${sub}' is not defined by "exports" in ${root}/package.json imported from ${parent}`);
          }
          const file = resolvePath(root, target);
          if (!isFile(file)) throw kind === "require" ? notFoundCJS(specifier, parent) : notFoundESM(file, parent, false);
          return file;
        }
        const file = sub === "." ? tryFile(root) : tryFile(resolvePath(root, sub));
        if (file) return file;
        throw kind === "require" ? notFoundCJS(specifier, parent) : notFoundESM(specifier, parent, false);
      }
    }
    if (dir === "/") break;
    dir = dirname(dir);
  }
  throw kind === "require" ? notFoundCJS(specifier, parent) : notFoundESM(name, parent, true);
}

// Resolve `specifier` from the module `parent` (a path, or undefined for
// the entry's directory). Returns "node:NAME" for builtins, or a path.
// Node keys a module by its real path (no --preserve-symlinks): a file
// reached through a symbolic link (node_modules/.bin/x, a linked package)
// resolves its own requires from where it really is. The box's node does
// the same; exec's confined files keep the path they were named by.
function realKey(path) {
  if (!host.node) return path;
  try { return host.fs.realpath(path); } catch { return path; }
}

function resolve(specifier, parent, kind) {
  let key = resolveSpecifier(specifier, parent, kind);
  if (key !== undefined && !key.startsWith("node:")) {
    key = realKey(key);
    checkTarget(key, parent);
  }
  return key;
}

function resolveSpecifier(specifier, parent, kind) {
  const parentDir = parent ? dirname(parent) : host.cwd;
  const from = parent || host.cwd + "/[eval]";
  if (specifier.startsWith("node:")) {
    const name = specifier.slice(5);
    if (builtinSet.has(name) || SCHEME_ONLY.includes(name)) return "node:" + name;
    throw codedError(Error, "ERR_UNKNOWN_BUILTIN_MODULE", `No such built-in module: ${specifier}`);
  }
  if (builtinSet.has(specifier)) return "node:" + specifier;
  let path;
  if (/^file:/i.test(specifier)) path = fromFileURL(specifier);
  else if (specifier.startsWith("/") || specifier.startsWith("./") || specifier.startsWith("../") ||
           specifier === "." || specifier === "..") path = resolvePath(parentDir, specifier);
  if (path !== undefined) {
    if (path.includes("\0"))
      throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
        `The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received '${path.replace(/\0/g, "\\x00")}'`);
    const file = tryFile(path);
    if (file) return file;
    const err = kind === "require" ? notFoundCJS(specifier, from) : notFoundESM(path, from, false);
    err.message += hint(path);
    throw err;
  }
  if (specifier.startsWith("#")) {
    const scope = parent ? packageScope(parent) : readPackageJson(host.cwd);
    const target = scope && scope.imports ? resolveMap(scope.imports, specifier, conditionsFor(kind)) : undefined;
    if (target === undefined || target === null)
      throw codedError(TypeError, "ERR_PACKAGE_IMPORT_NOT_DEFINED",
        `Package import specifier "${specifier}" is not defined${scope ? ` in package ${scope.__dir}/package.json` : ""} imported from ${from}`);
    if (target.startsWith("./")) return resolve(resolvePath(scope.__dir, target), parent, kind);
    return resolve(target, parent, kind);
  }
  if (specifier.startsWith("npm:")) return resolveNpm(specifier, from, kind);
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(specifier)) {
    throw codedError(Error, "ERR_UNSUPPORTED_ESM_URL_SCHEME",
      `Only URLs with a scheme in: file, data, and node are supported by the default ESM loader. Received protocol '${specifier.slice(0, specifier.indexOf(":") + 1)}'`);
  }
  // a bare package name, maybe scoped, maybe with a subpath
  if (specifier.includes("\0")) throw kind === "require" ? notFoundCJS(specifier, from) : notFoundESM(specifier, from, true);
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  const sub = "." + specifier.slice(name.length);
  const userLevel = checkPackage(name, parent, from);
  // a package's own name refers to itself
  const scope = parent ? packageScope(parent) : null;
  if (scope && scope.name === name && scope.exports !== undefined) {
    const target = resolveMap(scope.exports, sub, conditionsFor(kind));
    if (target) {
      const file = resolvePath(scope.__dir, target);
      if (!isFile(file)) throw kind === "require" ? notFoundCJS(specifier, from) : notFoundESM(file, from, false);
      return file;
    }
  }
  let file;
  try {
    file = resolvePackage(name, sub, parentDir, conditionsFor(kind), specifier, from, kind);
  } catch (err) {
    // the box's node: require() looks in Node's global folders last
    if (kind === "require" && host.node && err.code === "MODULE_NOT_FOUND") {
      for (const dir of globalPaths()) {
        const found = tryFile(resolvePath(dir, specifier));
        if (found) return found;
      }
    }
    if (userLevel && (err.code === "ERR_MODULE_NOT_FOUND" || err.code === "MODULE_NOT_FOUND") &&
        !isDir("/node_modules/" + name))
      err.message += `\nThe sandbox installs the packages the code names in import statements and literal import() or require() calls before it runs; a name computed at run time is not installed.`;
    throw err;
  }
  if (userLevel) checkVersion(name, file);
  return file;
}

// Node's Module.globalPaths, for require() of a bare name that no
// node_modules above has: NODE_PATH's folders, $HOME/.node_modules,
// $HOME/.node_libraries, $PREFIX/lib/node (read once, at the start, as Node).
let globals;
function globalPaths() {
  if (globals) return globals;
  const env = { __proto__: null };
  for (const item of host.env) {
    const eq = item.indexOf("=");
    env[item.slice(0, eq)] = item.slice(eq + 1);
  }
  globals = (env.NODE_PATH || "").split(":").filter((p) => p.startsWith("/"));
  if (env.HOME) globals.push(resolvePath(env.HOME, ".node_modules"), resolvePath(env.HOME, ".node_libraries"));
  globals.push(resolvePath(dirname(dirname(host.node.execPath)), "lib/node"));
  return globals;
}

// ------------------------------------------------------------ npm packages
// The packages the host installed before the run sit read-only under
// /node_modules. The sandbox's rules, on top of Node's resolution: a package
// imports only what its package.json declares, and the code imports only
// packages allowedPackages lets through, however the name was computed.

// These rules must hold whatever the guest does to the built-in
// prototypes and globals before it imports: they use only what was
// captured here, when the loader was evaluated (before any guest code), and
// objects without prototypes.
const $apply = Reflect.apply;
const $startsWith = String.prototype.startsWith, $slice = String.prototype.slice;
const $lastIndexOf = String.prototype.lastIndexOf, $indexOf = String.prototype.indexOf;
const $parse = JSON.parse, $keys = Object.keys, $create = Object.create, $isArray = Array.isArray;
const $hasOwn = Object.prototype.hasOwnProperty;
const $readFile = host.fs.readFile, $packages = host.packages, $allowed = host.packageAllowed;
const sStarts = (s, p) => $apply($startsWith, s, [p]);
const sSlice = (s, a, b) => $apply($slice, s, b === undefined ? [a] : [a, b]);
const sLast = (s, p) => $apply($lastIndexOf, s, [p]);
const sHas = (s, p) => $apply($indexOf, s, [p]) >= 0;
const own = (o, k) => o !== null && typeof o === "object" && $apply($hasOwn, o, [k]);
function listHas(list, x) {
  for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
  return false;
}
function safeDirname(path) {
  const i = sLast(path, "/");
  return i <= 0 ? "/" : sSlice(path, 0, i);
}

let pkgInfo;
function packages() {
  if (!pkgInfo) {
    const p = $apply($packages, host, []);
    const parsed = p.table ? $apply($parse, JSON, [p.table]) : {};
    const table = $create(null);
    const roots = [];
    const keys = $keys(parsed);
    for (let i = 0; i < keys.length; i++) {
      const e = parsed[keys[i]];
      const deps = [];
      for (let d = 0; $isArray(e.deps) && d < e.deps.length; d++) deps[d] = e.deps[d];
      const entry = $create(null);
      entry.name = e.name; entry.folder = e.folder; entry.version = e.version; entry.root = e.root; entry.deps = deps;
      table[keys[i]] = entry;
      roots[roots.length] = keys[i];
    }
    // longest root first, so that a nested package owns its files
    for (let i = 1; i < roots.length; i++)
      for (let j = i; j > 0 && roots[j].length > roots[j - 1].length; j--) {
        const t = roots[j]; roots[j] = roots[j - 1]; roots[j - 1] = t;
      }
    pkgInfo = $create(null);
    pkgInfo.table = table; pkgInfo.roots = roots; pkgInfo.limited = p.limited === true;
  }
  return pkgInfo;
}

function installedOwner(path) {
  if (typeof path !== "string") return undefined;
  const { table, roots } = packages();
  for (let i = 0; i < roots.length; i++) if (sStarts(path, roots[i] + "/")) return table[roots[i]];
  return undefined;
}

function notAllowed(message, from) {
  const err = codedError(Error, "ERR_MODULE_NOT_FOUND", `${message} (imported from ${from})`);
  return err;
}

// The nearest package.json above `path`, read afresh (not from the cache
// the rest of the loader shares).
function ownScope(path) {
  let dir = safeDirname(path);
  for (;;) {
    const file = (dir === "/" ? "" : dir) + "/package.json";
    if (isFile(file)) {
      try {
        const pkg = $apply($parse, JSON, [$apply($readFile, host.fs, [file, true])]);
        return pkg !== null && typeof pkg === "object" ? pkg : null;
      } catch (e) {
        return null;
      }
    }
    if (dir === "/" || sSlice(dir, -13) === "/node_modules") return null;
    dir = safeDirname(dir);
  }
}

function declares(scope, name) {
  const fields = ["dependencies", "peerDependencies", "optionalDependencies"];
  for (let i = 0; i < fields.length; i++)
    if (own(scope, fields[i]) && own(scope[fields[i]], name)) return true;
  return false;
}

// Whether the import is the code's own (allowedPackages applies), or a
// package's import of what it declares; throws when neither.
function checkPackage(name, parent, from) {
  const owner = installedOwner(parent);
  if (owner) {
    if (name === owner.folder || listHas(owner.deps, name)) return false;
    throw notAllowed(`Package "${owner.name}" cannot import "${name}": it is not in its package.json dependencies, and a package may import only those`, from);
  }
  // a package in the work dir's node_modules may use what it declares
  if (typeof parent === "string" && sHas(parent, "/node_modules/")) {
    const scope = ownScope(parent);
    if (scope && ((own(scope, "name") && scope.name === name) || declares(scope, name))) return false;
  }
  if (!packages().limited) return true;
  const why = $apply($allowed, host, [name]);
  if (why) throw notAllowed(why, from);
  return true;
}

// However a file of an installed package was named (a path under
// /node_modules, "pkg/../other"), the rules of bare names hold for it.
function checkTarget(file, parent) {
  const target = installedOwner(file);
  if (!target) return;
  const from = installedOwner(parent);
  if (from) {
    if (from === target || listHas(from.deps, target.folder)) return;
    throw notAllowed(`Package "${from.name}" cannot import files of "${target.name}": it is not in its package.json dependencies, and a package may import only those`, parent);
  }
  if (!packages().limited) return;
  const why = $apply($allowed, host, [target.name, target.version]);
  if (why) throw notAllowed(why, parent || host.cwd + "/[eval]");
}

// The version rule of allowedPackages, for what the code itself imports.
function checkVersion(name, file) {
  if (!packages().limited) return;
  const i = sLast(file, "/node_modules/" + name + "/");
  if (i < 0) return;
  const root = sSlice(file, 0, i + 14 + name.length);
  const scope = ownScope(root + "/package.json");
  const version = own(scope, "version") && typeof scope.version === "string" ? scope.version : undefined;
  const why = $apply($allowed, host, [name, version]);
  if (why) throw notAllowed(why, file);
}

// "npm:name@range/sub": the installed package, whatever a node_modules
// nearer the importer holds. The host installed it in range.
function resolveNpm(specifier, from, kind) {
  const m = /^npm:(@[^/@]+\/[^/@]+|[^/@]+)(?:@([^/]*))?(\/.*)?$/.exec(specifier);
  if (!m) throw codedError(TypeError, "ERR_INVALID_MODULE_SPECIFIER", `Invalid module "${specifier}": write npm:name, npm:name@range or npm:name@range/path (imported from ${from})`);
  const name = m[1], sub = "." + (m[3] || "");
  checkPackage(name, undefined, from);
  if (!packages().table["/node_modules/" + name])
    throw codedError(Error, "ERR_MODULE_NOT_FOUND", `Cannot find package '${specifier}' imported from ${from}: the sandbox installs the npm: packages written as string literals before the run`);
  const file = resolvePackage(name, sub, "/", conditionsFor(kind), specifier, from, kind);
  checkVersion(name, file);
  return file;
}

// ESM or CJS, for a file.
function formatOf(path) {
  if (path.endsWith(".json")) return "json";
  if (path.endsWith(".mjs") || path.endsWith(".mts")) return "esm";
  if (path.endsWith(".cjs") || path.endsWith(".cts")) return "cjs";
  if (path.endsWith(".node")) return "addon";
  const scope = packageScope(path);
  if (scope && scope.type === "module") return "esm";
  if (scope && scope.type === "commonjs") return "cjs";
  return "auto";
}

// ---------------------------------------------------------------- records

const records = new Map(); // key: path or "node:name"

function syntaxError(e, filename) {
  const err = new SyntaxError(e.message);
  Object.defineProperty(err, kSyntax, { value: true });
  for (const [k, v] of [["line", e.line], ["column", e.column], ["sourceURL", filename]])
    Object.defineProperty(err, k, { value: v, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(err, "stack", { value: `SyntaxError: ${e.message}`, writable: true, configurable: true, enumerable: false });
  return err;
}

function makeNamespace() {
  const ns = Object.create(null);
  Object.defineProperty(ns, Symbol.toStringTag, { value: "Module" });
  return ns;
}

// Exports are collected first and defined in code-unit order when the
// namespace is finished, as the spec orders a namespace's keys.
const pendingExports = new WeakMap();
function defineGetter(ns, name, get) {
  let m = pendingExports.get(ns);
  if (!m) {
    if (Object.prototype.hasOwnProperty.call(ns, name) || !Object.isExtensible(ns)) return;
    m = new Map();
    pendingExports.set(ns, m);
  }
  if (!m.has(name)) m.set(name, get);
}
// The names a namespace exports (pending ones included).
function exportNames(ns) {
  const m = pendingExports.get(ns);
  return m ? [...m.keys()] : Object.keys(ns);
}
function hasExport(ns, name) {
  const m = pendingExports.get(ns);
  return m ? m.has(name) : Object.prototype.hasOwnProperty.call(ns, name);
}

function sealNamespace(ns) {
  const m = pendingExports.get(ns);
  if (m) {
    pendingExports.delete(ns);
    for (const name of [...m.keys()].sort()) {
      if (!Object.prototype.hasOwnProperty.call(ns, name))
        Object.defineProperty(ns, name, { get: m.get(name), enumerable: true, configurable: false });
    }
  }
  Object.preventExtensions(ns);
}

// The record handed to a module function (M, below): import.meta,
// import(), exports, the async context across awaits (a, c, w, s:
// async_context.js) and the disposal stacks of `using` (ue, ua, ud:
// disposal.js, loaded when first used). Its methods are shared: a module
// costs one small object, and import.meta is made when first read.
const recordProto = {
  __proto__: require("async_context").recordProto,
  ue() { return require("disposal").newStack(); },
  ua(env, value, isAsync) { return require("disposal").add(env, value, isAsync === 1); },
  ud(env) { return require("disposal").dispose(env); },
  get meta() {
    const rec = this.rec, meta = { __proto__: null };
    meta.dirname = dirname(rec.path);
    meta.filename = rec.path;
    meta.url = fileURL(rec.path);
    meta.resolve = (specifier) => {
      const r = resolve(String(specifier), rec.path, "import");
      return r.startsWith("node:") ? r : fileURL(r);
    };
    Object.defineProperty(this, "meta", { value: meta });
    return meta;
  },
  // M.x(table): the body starts; table() makes the export getters
  x(table) {
    const rec = this.rec;
    rec.table = table;
    // a plain module (see plainForm): its getters, then its namespace is final
    if (rec.plain) {
      const m = pendingExports.get(rec.ns);
      if (rec.r.fixed) {
        const names = rec.r.exports;
        if (m) for (let i = 0; i < names.length; i++) m.set(names[i], fixedGetter(rec, i, names[i]));
      } else {
        const getters = table();
        for (const name of Object.keys(getters)) if (m) m.set(name, getters[name]);
      }
      sealNamespace(rec.ns);
    }
  },
  // M.f(...values): the body completed; its fixed exports' values (see
  // src/lang/lang.h)
  f(...values) { this.rec.values = values; },
  i(specifier, options) { return dynamicImport(specifier, options, this.rec.path); },
  // TypeScript's `import x = require("y")` in an ES module
  r(specifier) { return requireFrom(specifier, this.rec.path); },
};

function moduleRecord(rec) {
  return { __proto__: recordProto, rec };
}

// The getter of a fixed export of a plain module: its value once the body
// has completed, so that the engine never compiles the module's table and
// its getters. Read earlier (a CommonJS module the body requires reads it
// back), the table's getter answers, with its error for a binding not
// initialized yet.
// (Named after the export, as the table's getters are.)
function fixedGetter(rec, i, name) {
  return {
    [name]: () => {
      const values = rec.values;
      if (values !== undefined) return values[i];
      if (rec.tableObject === undefined) rec.tableObject = rec.table();
      return rec.tableObject[name]();
    },
  }[name];
}

function builtinRecord(key) {
  let rec = records.get(key);
  if (rec) return rec;
  const name = key.slice(5);
  const file = "node_" + name.replace(/\//g, "_");
  let value;
  try {
    const mod = require(file);
    value = Object.prototype.hasOwnProperty.call(mod, "module") ? mod.module : mod;
  } catch (e) {
    if (e && /internal module '.*' does not exist/.test(e.message))
      throw codedError(Error, "ERR_UNKNOWN_BUILTIN_MODULE",
        `Cannot load '${key}': this builtin module is not available in the sandbox yet`);
    throw e;
  }
  const ns = makeNamespace();
  defineGetter(ns, "default", () => value);
  if (value !== null && (typeof value === "object" || typeof value === "function"))
    for (const k of Object.keys(value)) if (k !== "default") defineGetter(ns, k, () => value[k]);
  sealNamespace(ns);
  rec = { key, kind: "builtin", ns, status: "evaluated", value };
  records.set(key, rec);
  return rec;
}

function readSource(path) {
  try {
    return host.fs.readFile(path, true);
  } catch (e) {
    // a file that exists but cannot be read (EACCES in a box): Node's error
    if (e && typeof e === "object" && "errno" in e) throw require("fs_core").uvError(e, path);
    throw e;
  }
}

// Load a module and, for ESM, its dependencies (depth-first).
function load(key, kindHint) {
  let rec = records.get(key);
  if (rec) return rec;
  if (key.startsWith("node:")) return builtinRecord(key);
  const fmt = formatOf(key);
  if (fmt === "addon") throw codedError(Error, "ERR_ACCESS_DENIED", "native addons cannot load in the sandbox: " + key);
  if (fmt === "json") {
    rec = { key, path: key, kind: "json", ns: makeNamespace(), status: "new", value: undefined };
    defineGetter(rec.ns, "default", () => rec.value);
    sealNamespace(rec.ns);
    records.set(key, rec);
    return rec;
  }
  const source = readSource(key);
  const r = host.transform(source, key, undefined, fmt === "auto" ? (kindHint === "require" ? "auto" : "auto") : fmt);
  if (r.error) throw syntaxError(r.error, key);
  rec = { key, path: key, kind: r.format, ns: makeNamespace(), status: "new", r, deps: [], table: null };
  records.set(key, rec);
  if (r.format === "esm") {
    for (const d of r.deps) {
      const dk = resolveInGraph(d.specifier, key);
      const dep = load(dk, "import");
      if (d.json && dep.kind !== "json")
        throw codedError(TypeError, "ERR_IMPORT_ATTRIBUTE_TYPE_INCOMPATIBLE", `Module "${fileURL(dk)}" is not of type "json"`);
      if (!d.json && dep.kind === "json")
        throw codedError(TypeError, "ERR_IMPORT_ATTRIBUTE_MISSING",
          `Module "${fileURL(dk)}" needs an import attribute of "type: json"`);
      rec.deps.push({ rec: dep, star: d.star, names: d.names, specifier: d.specifier });
    }
  } else {
    setupCjsNamespace(rec);
  }
  return rec;
}

function setupCjsNamespace(rec) {
  rec.module = null;
  defineGetter(rec.ns, "default", () => cjsExports(rec));
  for (const name of rec.r.exports) if (name !== "default") defineGetter(rec.ns, name, () => cjsExports(rec)[name]);
  defineGetter(rec.ns, "module.exports", () => cjsExports(rec));
}

function cjsExports(rec) {
  return rec.module ? rec.module.exports : undefined;
}

// Run every new ESM function to its first yield, which registers exports.
function link(rec, seen = new Set(), cyclic = cyclicModules(rec)) {
  if (seen.has(rec)) return;
  seen.add(rec);
  if (rec.kind !== "esm" || rec.gen) {
    if (rec.kind === "esm") for (const d of rec.deps) link(d.rec, seen, cyclic);
    return;
  }
  const plain = !rec.r.tla && !cyclic.has(rec) ? plainForm(rec.r.code) : null;
  if (plain) {
    // Run as one plain call at evaluation: its exports are known by name
    // now and get their getters when the body starts (moduleRecord's x).
    rec.fn = host.evalModule(plain, rec.path);
    const args = [moduleRecord(rec)];
    for (let i = 0; i < rec.deps.length; i++) args.push(rec.deps[i].rec.ns);
    rec.args = args;
    rec.plain = true;
    rec.gen = PLAIN;
    const names = rec.r.exports;
    for (let i = 0; i < names.length; i++) defineGetter(rec.ns, names[i], undefined);
  } else {
    const fn = host.evalModule(rec.r.code, rec.path);
    rec.gen = fn(moduleRecord(rec), ...rec.deps.map((d) => d.rec.ns));
    rec.gen.next();
    const table = rec.table ? rec.table() : {};
    for (const name of Object.keys(table)) defineGetter(rec.ns, name, table[name]);
  }
  for (const d of rec.deps) link(d.rec, seen, cyclic);
}

// rec.gen of a plain module: it runs as rec.fn(...rec.args) (evaluate)
const PLAIN = { next() { throw new Error("internal: a plain module runs through evaluate"); } };

// A module body is a generator that pauses after registering its exports,
// so that a cycle's modules all see each other's bindings (hoisted
// functions work across the cycle) before any body runs. The engine's first
// call of a generator costs about three times a plain function's, and a
// module outside every cycle has no use for the pause: it runs as a plain
// function. Same length, so every column stays where it was.
// The header is src/lang/esm.c's; its names start with a prefix ("_$"
// unless the source uses that).
const GEN_HEAD = "(function* (";
function plainForm(code) {
  if (!code.startsWith(GEN_HEAD)) return null;
  const m = code.indexOf("m", GEN_HEAD.length);
  if (m < 0) return null;
  const pfx = code.slice(GEN_HEAD.length, m), pause = pfx + "m.x(" + pfx + "x);yield;";
  const at = code.indexOf(pause), eol = code.indexOf("\n");
  if (at < 0 || (eol >= 0 && at > eol)) return null;
  return "(function  (" + code.slice(GEN_HEAD.length, at + pause.length - 6) + "      " + code.slice(at + pause.length);
}

// The ES modules of the graph under rec, not linked yet, that lie on a
// cycle (a strongly connected component of more than one module, or one
// that imports itself): Tarjan's algorithm.
function cyclicModules(root) {
  const out = new Set(), index = new Map(), low = new Map(), stack = [], on = new Set();
  let next = 0;
  const visit = (r) => {
    index.set(r, next);
    low.set(r, next);
    next++;
    stack.push(r);
    on.add(r);
    for (const d of r.deps) {
      const q = d.rec;
      if (q.kind !== "esm" || q.gen) continue;
      if (q === r) out.add(r);
      if (!index.has(q)) {
        visit(q);
        low.set(r, Math.min(low.get(r), low.get(q)));
      } else if (on.has(q)) {
        low.set(r, Math.min(low.get(r), index.get(q)));
      }
    }
    if (low.get(r) === index.get(r)) {
      const scc = [];
      let q;
      do {
        q = stack.pop();
        on.delete(q);
        scc.push(q);
      } while (q !== r);
      if (scc.length > 1) for (const m of scc) out.add(m);
    }
  };
  if (root.kind === "esm" && !root.gen) visit(root);
  return out;
}

// export * : names of the starred modules not defined here (not default)
function linkStars(rec, seen = new Set()) {
  if (seen.has(rec) || rec.kind !== "esm") return;
  seen.add(rec);
  for (const d of rec.deps) linkStars(d.rec, seen);
  for (const d of rec.deps) {
    if (!d.star) continue;
    const ns = d.rec.ns;
    for (const name of exportNames(ns)) {
      if (name === "default") continue;
      defineGetter(rec.ns, name, () => ns[name]);
    }
  }
}

function finishNamespaces(rec) {
  const all = [];
  const walk = (r, seen) => {
    if (seen.has(r)) return;
    seen.add(r);
    all.push(r);
    if (r.kind === "esm") for (const d of r.deps) walk(d.rec, seen);
  };
  walk(rec, new Set());
  // check every import before sealing (cycles see each other's names)
  for (const r of all) if (r.kind === "esm") checkImports(r);
  // a plain module's namespace is finished when its body starts
  for (const r of all) if (r.kind !== "json" && r.kind !== "builtin" && !r.plain) sealNamespace(r.ns);
}

// Every name imported must exist, as the engine would check at link time.
function checkImports(rec) {
  for (const d of rec.deps) {
    for (const name of d.names || []) {
      if (hasExport(d.rec.ns, name)) continue;
      if (d.rec.kind === "cjs") {
        const err = new SyntaxError(`Named export '${name}' not found. The requested module '${d.specifier}' is a CommonJS module, which may not support all module.exports as named exports.\nCommonJS modules can always be imported via the default export, for example using:\n\nimport pkg from '${d.specifier}';\nconst { ${d.names.filter((n) => n !== "default").join(", ")} } = pkg;\n`);
        throw err;
      }
      throw new SyntaxError(`The requested module '${d.specifier}' does not provide an export named '${name}'`);
    }
  }
}

// Evaluate, dependencies first. Returns a promise when something on the
// way has top-level await, else undefined.
function evaluate(rec) {
  if (rec.status === "evaluated" || rec.status === "evaluating") return rec.promise;
  if (rec.status === "failed") throw rec.error;
  rec.status = "evaluating";
  try {
    if (rec.kind === "json") {
      const text = readSource(rec.path);
      try {
        rec.value = JSON.parse(text);
      } catch (e) {
        throw new SyntaxError(`${rec.path}: ${e.message}`);
      }
      rec.status = "evaluated";
      return undefined;
    }
    if (rec.kind === "cjs") {
      runCjs(rec);
      rec.status = "evaluated";
      return undefined;
    }
    let pending;
    const deps = rec.deps;
    for (let i = 0; i < deps.length; i++) {
      const p = evaluate(deps[i].rec);
      if (p) (pending || (pending = [])).push(p);
    }
    rec.promise = pending ? Promise.all(pending).then(() => runBody(rec)) : runBody(rec);
    if (rec.promise) rec.promise.then(undefined, (e) => { rec.status = "failed"; rec.error = e; });
    rec.status = "evaluated";
    return rec.promise;
  } catch (e) {
    rec.status = "failed";
    rec.error = e;
    throw e;
  }
}

// An ES module's body, its dependencies evaluated: a promise when it has
// top-level await.
function runBody(rec) {
  if (rec.plain) {
    $apply(rec.fn, undefined, rec.args);
    rec.fn = rec.args = undefined;
    return undefined;
  }
  if (rec.r.tla) return rec.gen.next().then(() => undefined);
  rec.gen.next();
  return undefined;
}

// While one graph loads (synchronously: no guest code runs, no file
// changes), a specifier means the same from every module of a directory:
// resolved once. A graph of 300 modules asks ~900 times, for ~450 answers.
let graphResolved = null;
function resolveInGraph(specifier, parent) {
  if (graphResolved === null) return resolve(specifier, parent, "import");
  const k = dirname(parent) + "\0" + specifier;
  let r = graphResolved.get(k);
  if (r === undefined) {
    r = resolve(specifier, parent, "import");
    graphResolved.set(k, r);
  }
  return r;
}

function loadGraph(key) {
  const outer = graphResolved;
  graphResolved = new Map();
  try {
    return load(key, "import");
  } finally {
    graphResolved = outer;
  }
}

function importGraph(key) {
  const rec = loadGraph(key);
  link(rec);
  linkStars(rec);
  finishNamespaces(rec);
  return rec;
}

function dynamicImport(specifier, options, parent) {
  try {
    const key = resolve(String(specifier), parent, "import");
    const type = options && options.with ? options.with.type : undefined;
    const rec = importGraph(key);
    if (rec.kind === "json" && type !== "json")
      throw codedError(TypeError, "ERR_IMPORT_ATTRIBUTE_MISSING", `Module "${fileURL(key)}" needs an import attribute of "type: json"`);
    if (rec.kind !== "json" && type === "json")
      throw codedError(TypeError, "ERR_IMPORT_ATTRIBUTE_TYPE_INCOMPATIBLE", `Module "${fileURL(key)}" is not of type "json"`);
    const p = evaluate(rec);
    return p ? p.then(() => rec.ns) : Promise.resolve(rec.ns);
  } catch (e) {
    return Promise.reject(e);
  }
}

// ------------------------------------------------------------------- CJS

const requireCache = Object.create(null);

function makeRequire(rec) {
  const path = rec.path;
  const req = (specifier) => requireFrom(specifier, path);
  req.resolve = (specifier) => {
    const r = resolve(String(specifier), path, "require");
    return r.startsWith("node:") && !String(specifier).startsWith("node:") ? r.slice(5) : r;
  };
  req.resolve.paths = (specifier) => (builtinSet.has(specifier) ? null : nodeModulePaths(dirname(path)));
  req.cache = requireCache;
  req.main = mainModule;
  return req;
}

function nodeModulePaths(dir) {
  const out = [];
  for (;;) {
    if (!dir.endsWith("/node_modules")) out.push((dir === "/" ? "" : dir) + "/node_modules");
    if (dir === "/") break;
    dir = dirname(dir);
  }
  return out;
}

let mainModule;

class Module {
  constructor(id = "", parent) {
    this.id = id;
    this.path = dirname(id);
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    if (parent && parent.children) parent.children.push(this);
  }
  require(specifier) { return requireFrom(specifier, this.filename || host.cwd + "/[eval]"); }
}

function runCjs(rec) {
  const module = new Module(rec.path);
  module.filename = rec.path;
  module.paths = nodeModulePaths(dirname(rec.path));
  rec.module = module;
  requireCache[rec.path] = module;
  if (!mainModule) {
    mainModule = module;
    module.id = ".";
  }
  const req = makeRequire(rec);
  module.require = req;
  const fn = host.evalModule(rec.r.code, rec.path);
  try {
    fn.call(module.exports, module.exports, req, module, rec.path, dirname(rec.path), moduleRecord(rec));
  } catch (e) {
    delete requireCache[rec.path];
    records.delete(rec.key);
    throw e;
  }
  module.loaded = true;
}

function requireFrom(specifier, parent) {
  if (typeof specifier !== "string")
    throw codedError(TypeError, "ERR_INVALID_ARG_TYPE",
      `The "id" argument must be of type string. Received ${require("tasks").describe(specifier)}`);
  if (specifier === "") throw codedError(TypeError, "ERR_INVALID_ARG_VALUE", "The argument 'id' must be a non-empty string. Received ''");
  const key = resolve(specifier, parent, "require");
  if (key.startsWith("node:")) return builtinRecord(key).value;
  if (requireCache[key]) return requireCache[key].exports;
  const rec = load(key, "require");
  if (rec.kind === "json") {
    evaluate(rec);
    const m = new Module(key);
    m.filename = key;
    m.exports = rec.value;
    m.loaded = true;
    requireCache[key] = m;
    return rec.value;
  }
  if (rec.kind === "cjs") {
    if (!rec.module) runCjs(rec);
    return rec.module.exports;
  }
  // require(esm): synchronous graphs only
  link(rec);
  linkStars(rec);
  finishNamespaces(rec);
  if (hasTla(rec)) throw codedError(Error, "ERR_REQUIRE_ASYNC_MODULE",
    `require() cannot be used on an ESM graph with top-level await. Use import() instead. To see where the top-level await comes from, use --experimental-print-required-tla.\n  From ${parent}\n  Requiring ${key}`);
  evaluate(rec);
  return requireFacade(rec);
}

// What require(esm) returns: the value of an export named "module.exports"
// when there is one (Node 22.12's interop: generator-function, under koa,
// exports its function so), else the namespace, plus __esModule when there
// is a default export (as Node 22 does for tools that expect it).
function requireFacade(rec) {
  if (Object.prototype.hasOwnProperty.call(rec.ns, "module.exports")) return rec.ns["module.exports"];
  if (!Object.prototype.hasOwnProperty.call(rec.ns, "default") || Object.prototype.hasOwnProperty.call(rec.ns, "__esModule"))
    return rec.ns;
  if (rec.facade) return rec.facade;
  const f = makeNamespace();
  Object.defineProperty(f, "__esModule", { value: true, writable: true, enumerable: true, configurable: false });
  for (const name of Object.keys(rec.ns)) Object.defineProperty(f, name, { get: () => rec.ns[name], enumerable: true });
  const sorted = Object.create(null);
  Object.defineProperty(sorted, Symbol.toStringTag, { value: "Module" });
  for (const name of ["__esModule", ...Object.keys(rec.ns)].sort())
    Object.defineProperty(sorted, name, Object.getOwnPropertyDescriptor(f, name));
  Object.preventExtensions(sorted);
  rec.facade = sorted;
  return sorted;
}

function hasTla(rec, seen = new Set()) {
  if (seen.has(rec) || rec.kind !== "esm") return false;
  seen.add(rec);
  if (rec.r.tla) return true;
  return rec.deps.some((d) => hasTla(d.rec, seen));
}

function createRequire(from) {
  let path = from instanceof URL ? fromFileURL(from.href) : String(from);
  if (path.startsWith("file:")) path = fromFileURL(path);
  if (!path.startsWith("/"))
    throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
      `The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received ${require("inspect").inspect(from)}`);
  return makeRequire({ path });
}

// ------------------------------------------------------------------ entry

let entryState = "none";
let entryPath = null;

function runMain(entry = host.entry()) {
  if (entry.mode) return runNodeEntry(entry);
  entryPath = entry.filename;
  if (entry.isCode) {
    // Code given as a string runs as a TypeScript ES module.
    const r = host.transform(entry.source, entry.filename, "ts", "esm");
    if (r.error) throw syntaxError(r.error, entry.filename);
    const rec = { key: entry.filename, path: entry.filename, kind: "esm", ns: makeNamespace(), status: "new", r, deps: [], table: null };
    records.set(rec.key, rec);
    for (const d of r.deps)
      rec.deps.push({ rec: load(resolve(d.specifier, entry.filename, "import"), "import"), star: d.star, names: d.names, specifier: d.specifier });
    startEntry(rec);
    return true;
  }
  const rec = loadGraph(entry.filename);
  if (rec.kind === "cjs") {
    runCjs(rec);
    return false;
  }
  startEntry(rec);
  return true;
}

// The box's node (src/cmds/node.c): "file" is `node FILE`, resolved as
// Node resolves a main module; "eval", "print" and "stdin" are -e, -p and
// a script on stdin, each a script in the global scope with require,
// module, exports, __filename and __dirname as globals (as Node's [eval]),
// or an ES module when it has import/export or top-level await (Node's
// syntax detection) or --input-type=module said so.
function runNodeEntry(entry) {
  const [mode, inputType] = entry.mode.split(":");
  if (mode === "file") {
    const file = tryFile(entry.filename);
    if (!file) {
      const err = codedError(Error, "MODULE_NOT_FOUND", `Cannot find module '${entry.filename}'`);
      err.requireStack = [];
      // as Node shows it: raised where the main module is run, no frame of the guest's
      err.stack = `Error: ${err.message}\n    at node:internal/main/run_main_module`;
      throw err;
    }
    const real = realKey(file); // no --preserve-symlinks-main
    entryPath = real;
    const rec = loadGraph(real);
    if (rec.kind === "cjs") {
      runCjs(rec);
      return false;
    }
    startEntry(rec);
    return true;
  }
  const name = mode === "stdin" ? "[stdin]" : "[eval]";
  const cwd = host.cwd === "/" ? "" : host.cwd;
  let esm = inputType === "module";
  if (!inputType) {
    const r = host.transform(entry.source, name, "js", "auto");
    if (r.error) throw syntaxError(r.error, name);
    esm = r.format === "esm" || r.tla;
  }
  if (esm && mode === "print") throw codedError(Error, "ERR_EVAL_ESM_CANNOT_PRINT", "--print cannot be used with ESM input");
  if (esm) {
    // Node names it file:///CWD/[eval1]; a path is what the loader keys on
    const filename = `${cwd}/${name.slice(0, -1)}1]`;
    entryPath = filename;
    const r = host.transform(entry.source, filename, "js", "esm");
    if (r.error) throw syntaxError(r.error, filename);
    const rec = { key: filename, path: filename, kind: "esm", ns: makeNamespace(), status: "new", r, deps: [], table: null };
    records.set(rec.key, rec);
    for (const d of r.deps)
      rec.deps.push({ rec: load(resolve(d.specifier, filename, "import"), "import"), star: d.star, names: d.names, specifier: d.specifier });
    startEntry(rec);
    return true;
  }
  entryPath = name;
  const filename = `${cwd}/${name}`;
  // The script as it is, but for import() (and `using`), which the
  // transform turns into calls on a module record named PREFIX + "m"
  // (src/lang: "_" and one "$" more than the longest run after a "_"):
  // that record is a global here, hidden from enumeration.
  const script = host.transform(entry.source, name, "js", "script");
  if (script.error) throw syntaxError(script.error, name);
  let run = 0;
  for (const m of entry.source.matchAll(/_(\$+)/g)) run = Math.max(run, m[1].length);
  Object.defineProperty(globalThis, "_" + "$".repeat(Math.min(run + 1, 29)) + "m",
    { value: moduleRecord({ path: filename, key: filename }), configurable: true });
  const module = new Module(name);
  module.filename = filename;
  module.paths = nodeModulePaths(cwd || "/");
  const req = makeRequire({ path: filename });
  module.require = req;
  const define = (key, value) =>
    Object.defineProperty(globalThis, key, { value, writable: true, configurable: true, enumerable: true });
  define("module", module);
  define("exports", module.exports);
  define("__dirname", ".");
  define("require", req);
  define("__filename", name);
  const result = host.vm.run(globalThis, script.code, name, 1);
  if (mode === "print") require("process").process.on("exit", () => require("console").console.log(result));
  return false;
}

function startEntry(rec) {
  link(rec);
  linkStars(rec);
  finishNamespaces(rec);
  const p = evaluate(rec);
  if (p) {
    entryState = "pending";
    p.then(() => { entryState = "done"; }, (err) => {
      entryState = "done";
      require("process").handleUncaught(err);
    });
  }
}

// At exit: a top-level await that never settled ends the run with 13.
function unsettled() {
  if (entryState !== "pending") return false;
  host.write(2, `Warning: Detected unsettled top-level await at ${require("errors").relative(entryPath)}\n`);
  return true;
}

// A warm worker runs a throwaway entry through the same steps as a run
// (transform, link, evaluate, console.log, top-level await, the exit
// check), so that the engine has compiled them before the first real run:
// a function's first call costs its bytecode. Its output goes to the
// worker's /dev/null; nothing of it stays.
function warmUp() {
  const key = "\0warm-up";
  try {
    runMain({ source: "console.log(1, 'a', { a: [1, 'b'] }, [2]);\nawait 0;\n", filename: key, isCode: true });
  } catch {}
  records.delete(key);
  entryPath = null;
  entryState = "none";
  unsettled();
  // the entry's promise settles in a promise job, after this returns
  Promise.resolve().then(() => { entryState = "none"; });
}

// The box's node (src/cmds/node.c) rehearses its own entries as well:
// `node -e`'s script in the global scope (Module, require, the eval
// globals) and a CommonJS file's wrapper, then removes what they defined.
// Without it a spare's first `node -e` paid ~2 ms and ~270 page faults for
// compiling and first touching that path.
function warmUpNode() {
  const cwd = host.cwd;
  host.cwd = "/";
  try {
    runNodeEntry({ mode: "eval", source: "console.log(1, 'a', { a: [1, 'b'] }, [2], require('path').sep);" });
  } catch {}
  for (const k of ["module", "exports", "__dirname", "require", "__filename", "_$m"]) delete globalThis[k];
  const key = "/\0warm-up.js";
  try {
    const r = host.transform("module.exports = { a: [require.main === module, __filename] };\n", key, "js", "auto");
    const rec = { key, path: key, kind: r.format, ns: makeNamespace(), status: "new", r, deps: [], table: null };
    records.set(key, rec);
    setupCjsNamespace(rec);
    runCjs(rec);
  } catch {}
  records.delete(key);
  delete requireCache[key];
  mainModule = undefined;
  warmUpNodeFile();
  entryPath = null;
  host.cwd = cwd;
}

// `node FILE`'s own steps (the lookups of tryFile, the package scope,
// readSource) on a file made up here: the host's file calls are answered
// by stand-ins, and what they cached is dropped, so that nothing of the
// zygote (which has no files) stays for a run.
function warmUpNodeFile() {
  const fs = host.fs, file = "/\0warm/main.js";
  const saved = [[host, "moduleFile"], [fs, "stat"], [fs, "readFile"], [fs, "realpath"]].map(([o, k]) => [o, k, o[k]]);
  const cached = new Set(pkgCache.keys());
  host.moduleFile = (path) => (path === file ? file : null);
  fs.stat = () => undefined;
  fs.readFile = (path) => (path === file ? "module.exports = [require.main === module, __dirname];\n" : "");
  fs.realpath = (path) => path;
  try {
    runNodeEntry({ mode: "file", filename: file });
  } catch {}
  for (const [o, k, v] of saved) o[k] = v;
  for (const k of pkgCache.keys()) if (!cached.has(k)) pkgCache.delete(k);
  records.delete(file);
  delete requireCache[file];
  mainModule = undefined;
}

// node's zygote makes the records of the builtins it loaded (bootstrap.js)
function preloadBuiltins(names) {
  for (const name of names) builtinRecord("node:" + name);
}

exports.warmUp = warmUp;
exports.preloadBuiltins = preloadBuiltins;
exports.warmUpNode = warmUpNode;
exports.runMain = runMain;
exports.unsettled = unsettled;
exports.syntaxError = syntaxError;
exports.createRequire = createRequire;
exports.Module = Module;
exports.builtinModules = BUILTINS;
exports.isBuiltin = (s) => builtinSet.has(String(s).replace(/^node:/, "")) || (String(s).startsWith("node:") && SCHEME_ONLY.includes(String(s).slice(5)));
exports.requireCache = requireCache;
exports.resolve = resolve;
exports.fileURL = fileURL;
exports.fromFileURL = fromFileURL;
