// loader.js - runs the entry program: transformed by src/lang into an ES
// module function (or a CommonJS wrapper), given its module record, and
// run to completion. Resolving and loading other files arrives with the
// virtual filesystem; until then an import names what it could not load.

const kSyntax = Symbol.for("acs.syntaxError");

// A SyntaxError from the transform, shaped like the engine's own.
function syntaxError(e, filename) {
  const err = new SyntaxError(e.message);
  Object.defineProperty(err, kSyntax, { value: true });
  for (const [k, v] of [["line", e.line], ["column", e.column], ["sourceURL", filename]])
    Object.defineProperty(err, k, { value: v, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(err, "stack", { value: `SyntaxError: ${e.message}`, writable: true, configurable: true, enumerable: false });
  return err;
}

function relativeName(filename) {
  return require("errors").relative(filename);
}

function notFound(specifier, filename) {
  const err = new Error(`Cannot find module '${specifier}' imported from ${relativeName(filename)}: ` +
    "this build of the sandbox cannot load modules yet");
  err.code = "ERR_MODULE_NOT_FOUND";
  return err;
}

function fileURL(path) {
  return "file://" + path.split("/").map((s) => encodeURIComponent(s)).join("/");
}

function dirname(path) {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

let entryState = "none"; // "pending" while a top-level await has not settled
let entrySource = null;

function makeRecord(filename) {
  const meta = { __proto__: null };
  meta.dirname = dirname(filename);
  meta.filename = filename;
  meta.url = fileURL(filename);
  meta.resolve = (specifier) => {
    throw notFound(String(specifier), filename);
  };
  return {
    x(fn) { this.exportsOf = fn; },
    meta,
    i(specifier) {
      return Promise.reject(notFound(String(specifier), filename));
    },
    exportsOf: null,
  };
}

function runEsm(r, filename) {
  if (r.deps.length) throw notFound(r.deps[0].specifier, filename);
  const fn = host.evalModule(r.code, filename);
  const record = makeRecord(filename);
  const gen = fn(record);
  if (!r.tla) {
    gen.next();
    gen.next();
    return;
  }
  entryState = "pending";
  gen.next().then(() => gen.next()).then(
    () => { entryState = "done"; },
    (err) => {
      entryState = "done";
      require("process").handleUncaught(err);
    });
}

function runCjs(r, filename) {
  const fn = host.evalModule(r.code, filename);
  const module = {
    id: ".",
    path: dirname(filename),
    exports: {},
    filename,
    loaded: false,
    children: [],
    paths: [],
  };
  const require_ = (specifier) => {
    throw notFound(String(specifier), filename);
  };
  require_.resolve = (specifier) => { throw notFound(String(specifier), filename); };
  require_.cache = { __proto__: null };
  require_.main = module;
  module.require = require_;
  fn.call(module.exports, module.exports, require_, module, filename, dirname(filename), makeRecord(filename));
  module.loaded = true;
}

function runMain() {
  const entry = host.entry();
  entrySource = entry;
  // Code given as a string runs as a TypeScript ES module, as the exec
  // contract says; a file by its extension and syntax.
  const r = host.transform(entry.source, entry.filename, entry.isCode ? "ts" : undefined,
    entry.isCode ? "esm" : "auto");
  if (r.error) throw syntaxError(r.error, entry.filename);
  if (r.format === "esm") runEsm(r, entry.filename);
  else runCjs(r, entry.filename);
}

// At exit: a top-level await that never settled ends the run with 13, as
// in Node.
function unsettled() {
  if (entryState !== "pending") return false;
  host.write(2, `Warning: Detected unsettled top-level await at ${relativeName(entrySource.filename)}\n`);
  return true;
}

exports.runMain = runMain;
exports.unsettled = unsettled;
exports.syntaxError = syntaxError;
