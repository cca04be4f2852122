// node_vm.js - `vm`: code in fresh realms (new global objects in the same
// engine group, with only the language's built-ins: nothing of the host).
// A contextified object is mirrored: its properties are copied into the
// realm's global before a run and the globals the code left are copied back.

const kGlobal = Symbol("vm.global");
const tasks = require("tasks");

function argType(name, expected, value) {
  const err = new TypeError(`The "${name}" argument must be ${expected}. Received ${tasks.describe(value)}`);
  err.code = "ERR_INVALID_ARG_TYPE";
  return err;
}

function createContext(sandbox = {}, options) {
  if (sandbox === null || typeof sandbox !== "object") throw argType("contextObject", "of type object", sandbox);
  if (sandbox[kGlobal]) return sandbox;
  const global = host.vm.newContext();
  // The realm's own Math.random would repeat across warm workers (see bootstrap.js).
  const randomFor = host.vm.run(global, `(${host.randomFor})`, "node:vm", 1);
  Object.defineProperty(global.Math, "random", {
    value: randomFor(global.Math.imul, host.randomSeed), writable: true, configurable: true,
  });
  Object.defineProperty(sandbox, kGlobal, { value: global, enumerable: false });
  return sandbox;
}

function isContext(o) {
  if (o === null || typeof o !== "object") throw argType("object", "of type object", o);
  return !!o[kGlobal];
}

// The `timeout` of a run: undefined, or a whole number of ms from 1 to
// 2 ** 32 - 1, as Node's validateUint32(timeout, name, positive). Past it
// the run ends with Node's ERR_SCRIPT_EXECUTION_TIMEOUT error: JSC cannot
// stop the script and let its caller go on (see vm.c).
function runTimeout(options) {
  const t = options !== null && typeof options === "object" ? options.timeout : undefined;
  if (t === undefined) return 0;
  if (typeof t !== "number") {
    const err = new TypeError(`The "options.timeout" property must be of type number. Received ${tasks.describe(t)}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  const range = !Number.isInteger(t) ? "an integer" : t < 1 || t > 4294967295 ? ">= 1 && <= 4294967295" : "";
  if (range) {
    const received = Number.isInteger(t) && Math.abs(t) > 2 ** 32
      ? String(t).replace(/\B(?=(\d{3})+(?!\d))/g, "_") : require("inspect").inspect(t);
    const err = new RangeError(`The value of "options.timeout" is out of range. It must be ${range}. Received ${received}`);
    err.code = "ERR_OUT_OF_RANGE";
    throw err;
  }
  return t;
}

function runIn(sandbox, code, options, runOptions) {
  const timeout = runTimeout(runOptions);
  const global = sandbox[kGlobal];
  const baseline = new Set(Object.getOwnPropertyNames(global));
  for (const key of Object.keys(sandbox)) global[key] = sandbox[key];
  const filename = typeof options === "string" ? options : options && options.filename;
  const line = options && typeof options === "object" && options.lineOffset ? options.lineOffset + 1 : 1;
  try {
    const run = () => host.vm.run(global, String(code), filename || "evalmachine.<anonymous>", line);
    return timeout ? host.vm.limit(timeout, run) : run();
  } finally {
    for (const key of Object.getOwnPropertyNames(global)) {
      if (baseline.has(key) && !Object.prototype.hasOwnProperty.call(sandbox, key)) continue;
      const d = Object.getOwnPropertyDescriptor(global, key);
      if (d && "value" in d) sandbox[key] = d.value;
    }
  }
}

class Script {
  constructor(code, options) {
    this._code = String(code);
    this._options = typeof options === "string" ? { filename: options } : options || {};
  }
  runInContext(contextifiedObject, options) {
    if (!isContext(contextifiedObject)) throw argType("contextifiedObject", "an vm.Context", contextifiedObject);
    return runIn(contextifiedObject, this._code, { ...this._options, ...options }, options);
  }
  runInNewContext(sandbox, options) { return this.runInContext(createContext(sandbox), options); }
  runInThisContext(options) {
    const timeout = runTimeout(options);
    const run = () => (0, eval)(this._code);
    return timeout ? host.vm.limit(timeout, run) : run();
  }
  createCachedData() { return new Uint8Array(0); }
}

exports.Script = Script;
exports.createContext = createContext;
exports.isContext = isContext;
exports.runInContext = (code, ctx, options) => new Script(code, options).runInContext(ctx, options);
exports.runInNewContext = (code, sandbox, options) => new Script(code, options).runInNewContext(sandbox, options);
exports.runInThisContext = (code, options) => new Script(code, options).runInThisContext(options);
exports.compileFunction = (code, params = [], options = {}) => {
  if (options.parsingContext) {
    const global = createContext(options.parsingContext)[kGlobal];
    return host.vm.run(global, `(function (${params.join(",")}) {\n${code}\n})`, options.filename, 0);
  }
  return new Function(...params, code);
};
exports.measureMemory = () => Promise.reject(Object.assign(new Error("vm.measureMemory is not available in the sandbox"), { code: "ERR_CONTEXT_NOT_INITIALIZED" }));
exports.constants = { USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol("vm_dynamic_import_main_context_default"), DONT_CONTEXTIFY: Symbol("vm_context_no_contextify") };
