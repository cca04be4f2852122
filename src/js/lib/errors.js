// errors.js - error stacks in V8's shape, and the report of an uncaught error
// shaped for a model: where (file:line), the line with a caret under the
// column, the error, and the guest's own frames with paths made relative to
// the working directory.
//
// JavaScriptCore writes stacks as "fn@url:line:col" without a header and
// points call frames at the "(" of the call; V8 (which Node code and models
// expect) writes "    at fn (url:line:col)" under "Name: message" and points
// at the callee. Both differences are mended here.

const INTERNAL = "node:internal/";

// JSC writes a frame as "fn@url:line:col". The name may hold an "@" (a
// method named ["a@b"]) and so may the url (node_modules/@scope/pkg): the
// url starts at the first "@" followed by what a url starts with ("[eval]"
// and "[stdin]" are the box's node -e and stdin scripts).
const URL_AT = /@(?=\/|[A-Za-z][\w+.-]*:|\[native code\]|\[wasm code\]|\[(?:eval|stdin)\]|$)/;
const POSITION = /^(.*):(\d+):(\d+)$/;

function parseFrame(line) {
  const found = URL_AT.exec(line);
  const at = found ? found.index : -1;
  const fn = at >= 0 ? line.slice(0, at) : "";
  const loc = at >= 0 ? line.slice(at + 1) : line;
  const m = POSITION.exec(loc);
  if (!m) return { fn, url: loc, line: 0, column: 0, native: loc === "[native code]" };
  return { fn, url: m[1], line: +m[2], column: +m[3], native: false };
}

// Whether a line of a stack is one of JSC's frames, not text of the
// guest's (`e.stack = \`${e.name}: ${e.message}\``).
function isEngineFrame(line) {
  if (line === "" || line === "[native code]") return true;
  const found = URL_AT.exec(line);
  if (!found) return false;
  const loc = line.slice(found.index + 1);
  return loc === "" || loc === "[native code]" || loc === "[wasm code]" || POSITION.test(loc);
}

function relative(url) {
  // The box's node prints paths as Node does: whole.
  if (host.node) return url;
  const cwd = host.cwd;
  if (url.startsWith(cwd + "/")) return url.slice(cwd.length + 1);
  return url;
}

function isIdent(c) {
  return /[\p{ID_Continue}$\u200c\u200d]/u.test(c);
}

// JSC points a call at its "("; move back to the start of the callee (and
// to `new` for a construction), as V8 reports it.
function adjustColumn(url, line, column) {
  const text = host.sourceLine(url, line);
  if (text === undefined) return column;
  let i = column - 1;
  if (text[i] !== "(") return column;
  let j = i;
  while (j > 0 && /\s/.test(text[j - 1])) j--;
  let k = j;
  while (k > 0 && isIdent(text[k - 1])) k--;
  if (k === j) return column;
  const before = text.slice(0, k).replace(/\s+$/, "");
  if (before.endsWith("new") && !isIdent(before[before.length - 4] || "")) return before.length - 3 + 1;
  return k + 1;
}

// The guest's frames of an error, parsed, internal ones dropped.
function userFrames(err) {
  if (err !== null && typeof err === "object" && err[Symbol.for("acs.syntaxError")]) return [];
  const stack = err !== null && typeof err === "object" ? err.stack : undefined;
  if (typeof stack !== "string" || stack === "") return [];
  // Already V8-shaped (an error that came through formatStack, or made
  // up), or text that JSC did not write: shown as it is, as V8 shows it.
  if (/^\s+at /m.test(stack) || !stack.split("\n").every(isEngineFrame)) return null;
  return framesOf(stack);
}

// The frames of a stack JSC wrote, internal ones dropped, at V8's columns.
function framesOf(stack) {
  const frames = [];
  for (const raw of stack.split("\n")) {
    if (!raw) continue;
    const f = parseFrame(raw);
    if (f.native || f.url.startsWith(INTERNAL)) continue;
    if (f.line) {
      // back to the source's column where the transform moved things
      f.column = host.mapColumn(f.url, f.line, f.column);
      f.column = adjustColumn(f.url, f.line, f.column);
    }
    frames.push(f);
  }
  return frames;
}

// V8's CallSite objects for Error.prepareStackTrace (bootstrap.js calls
// this from Error.captureStackTrace when a guest set one): what libraries
// such as depd read of their callers.
class CallSite {
  constructor(f) {
    this._f = f;
  }
  getThis() { return undefined; }
  getTypeName() { return null; }
  getFunction() { return undefined; }
  getFunctionName() {
    const fn = this._f.fn;
    return !fn || fn === "global code" || fn === "module code" || fn === "eval code" ? null : fn;
  }
  getMethodName() { return null; }
  getFileName() { return this._f.url || undefined; }
  getScriptNameOrSourceURL() { return this._f.url || undefined; }
  getScriptHash() { return ""; }
  getLineNumber() { return this._f.line || null; }
  getColumnNumber() { return this._f.column || null; }
  getEnclosingLineNumber() { return null; }
  getEnclosingColumnNumber() { return null; }
  getPosition() { return 0; }
  getEvalOrigin() { return undefined; }
  getPromiseIndex() { return null; }
  isToplevel() { return this.getFunctionName() === null; }
  isEval() { return this._f.fn === "eval code"; }
  isNative() { return false; }
  isConstructor() { return false; }
  isAsync() { return false; }
  isPromiseAll() { return false; }
  toString() { return frameText(this._f).replace(/^\s+at /, ""); }
}

function callSites(stack) {
  if (typeof stack !== "string") return [];
  return framesOf(stack).map((f) => new CallSite(f));
}

function header(err) {
  let name, message;
  try {
    name = err.name;
    message = err.message;
  } catch {
    return "Error";
  }
  name = name === undefined ? "Error" : String(name);
  message = message === undefined ? "" : String(message);
  if (!name) return message;
  if (!message) return name;
  return `${name}: ${message}`;
}

function frameText(f) {
  const loc = f.line ? `${relative(f.url)}:${f.line}:${f.column}` : relative(f.url);
  const fn = f.fn === "global code" || f.fn === "module code" || f.fn === "eval code" ? "" : f.fn;
  return fn ? `    at ${fn} (${loc})` : `    at ${loc}`;
}

// "Name: message\n    at fn (file:line:col)..." for an error object.
function formatStack(err) {
  const frames = userFrames(err);
  if (frames === null) return String(err.stack);
  const lines = [header(err)];
  for (const f of frames) lines.push(frameText(f));
  return lines.join("\n");
}

// Where the error happened, for the code frame: the first guest frame, or
// what the engine put on the error (syntax errors have no stack).
function origin(err) {
  const frames = userFrames(err);
  if (frames && frames.length && frames[0].line) return frames[0];
  if (err !== null && typeof err === "object" && typeof err.line === "number" && err.sourceURL) {
    const url = String(err.sourceURL);
    if (url.startsWith(INTERNAL)) return null;
    let column = typeof err.column === "number" ? err.column : 0;
    // For the engine's syntax errors the column is often past the token;
    // the transform's own are exact.
    if (err.name === "SyntaxError" && !err[Symbol.for("acs.syntaxError")])
      column = guessSyntaxColumn(url, err.line, String(err.message)) || column;
    return { url, line: err.line, column };
  }
  return null;
}

// The engine gives no column for a syntax error; its message usually names
// the token, which is then found on the line.
function guessSyntaxColumn(url, line, message) {
  const text = host.sourceLine(url, line);
  if (text === undefined) return 0;
  const m = /token '(.+)'/.exec(message) || /'(.+)'/.exec(message);
  if (!m) return 0;
  const i = text.indexOf(m[1]);
  return i >= 0 ? i + 1 : 0;
}

function codeFrame(where) {
  if (!where) return "";
  const text = host.sourceLine(where.url, where.line);
  let out = `${relative(where.url)}:${where.line}\n`;
  if (text === undefined) return out + "\n";
  out += text + "\n";
  if (where.column > 0) {
    // Keep tabs so the caret lines up under the same column.
    let pad = "";
    for (let i = 0; i < where.column - 1 && i < text.length; i++) pad += text[i] === "\t" ? "\t" : " ";
    out += pad + "^\n";
  }
  return out + "\n";
}

// CommonJS names in an ES module: the engine says only "Can't find
// variable: require"; Node's words say what to do instead. Every CommonJS
// module has these names, so a missing one means an ES module (or eval).
const ESM_SCOPE = { __proto__: null, require: ", you can use import instead", module: "", exports: "",
  __filename: "", __dirname: "" };
function esmScopeMessage(err) {
  try {
    if (!(err instanceof ReferenceError)) return;
    const m = /^Can't find variable: (\w+)$/.exec(err.message);
    if (m && m[1] in ESM_SCOPE) err.message = `${m[1]} is not defined in ES module scope${ESM_SCOPE[m[1]]}`;
  } catch {}
}

// The whole report of an uncaught error, as printed on stderr.
function formatUncaught(err, fromPromise) {
  esmScopeMessage(err);
  let body;
  const isError = err !== null && typeof err === "object" && (err instanceof Error || typeof err.stack === "string");
  const frames = isError ? userFrames(err) : null;
  if (isError && (err[Symbol.for("acs.syntaxError")] ||
      (frames && frames.length === 0 && !("cause" in err) && Object.keys(err).length === 0))) {
    // no frame of the guest's: the message is all there is to say (a cause
    // or a code, as fetch's errors carry, goes through inspect below)
    body = header(err);
  } else if (isError) {
    try {
      body = require("inspect").inspect(err);
    } catch {
      body = formatStack(err);
    }
  } else if (fromPromise) {
    body = `UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "${require("inspect").inspect(err)}".`;
  } else {
    body = `Uncaught ${require("inspect").inspect(err)}`;
  }
  const where = isError ? origin(err) : null;
  return codeFrame(where) + body + "\n";
}

exports.formatStack = formatStack;
exports.callSites = callSites;
exports.formatUncaught = formatUncaught;
exports.reportUncaught = (err) => require("process").handleUncaught(err);
exports.relative = relative;
