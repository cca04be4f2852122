// node_util.js - the `util` builtin: inspect/format (from inspect.js),
// promisify/callbackify, deprecate, inherits, isDeepStrictEqual (the
// comparison of node_assert.js), parseArgs, styleText, util.types, MIMEType,
// parseEnv, debuglog, the system error names of Linux, and the legacy
// helpers (util.isArray and the others, deprecated as in Node 22).
//
// Written from Node's documentation and its observed behaviour.
//
// util.types checks brands without side effects where JavaScript allows:
// isProxy asks the host (host.proxyTarget, no trap runs), isExternal is
// always false, and isPromise, isGeneratorObject and the iterator checks
// rely on the object's class tag and prototype chain.

"use strict";

const inspectModule = require("inspect");
const { inspect, format, formatWithOptions, stripVTControlCharacters } = inspectModule;
const {
  codedError, describeReceived, invalidArgType, inspectValue, outOfRange, validatePlainObjectArg,
} = require("web_errors");

const kCustomPromisify = Symbol.for("nodejs.util.promisify.custom");

function proc() {
  return require("process").process;
}

function emitWarning(...args) {
  require("process").emitWarning(...args);
}

function validateFunction(value, name) {
  if (typeof value !== "function") throw invalidArgType(name, "of type function", value);
}

function validateString(value, name) {
  if (typeof value !== "string") throw invalidArgType(name, "of type string", value);
}

function validateBoolean(value, name) {
  if (typeof value !== "boolean") throw invalidArgType(name, "of type boolean", value);
}

function validateArray(value, name) {
  if (!Array.isArray(value)) throw invalidArgType(name, "an instance of Array", value);
}

// ---------------------------------------------------------------------------
// promisify / callbackify

function promisify(original) {
  validateFunction(original, "original");
  const custom = original[kCustomPromisify];
  if (custom) {
    validateFunction(custom, "util.promisify.custom");
    return Object.defineProperty(custom, kCustomPromisify, {
      value: custom, enumerable: false, writable: false, configurable: true,
    });
  }
  function fn(...args) {
    return new Promise((resolve, reject) => {
      args.push((err, ...values) => {
        if (err) reject(err);
        else resolve(values[0]);
      });
      const ret = Reflect.apply(original, this, args);
      if (types.isPromise(ret)) {
        emitWarning("Calling promisify on a function that returns a Promise is likely a mistake.",
          "DeprecationWarning", "DEP0174");
      }
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, kCustomPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
  const descriptors = Object.getOwnPropertyDescriptors(original);
  for (const key of Reflect.ownKeys(descriptors)) Object.setPrototypeOf(descriptors[key], null);
  return Object.defineProperties(fn, descriptors);
}
promisify.custom = kCustomPromisify;

function callbackify(original) {
  validateFunction(original, "original");
  function callbackified(...args) {
    const maybeCb = args.pop();
    if (typeof maybeCb !== "function") {
      throw codedError(TypeError, "ERR_INVALID_ARG_TYPE",
        `The last argument must be of type function.${describeReceived(maybeCb)}`);
    }
    const cb = maybeCb.bind(this);
    const nextTick = proc().nextTick;
    Reflect.apply(original, this, args).then(
      (ret) => nextTick(cb, null, ret),
      (reason) => {
        if (!reason) {
          const err = codedError(Error, "ERR_FALSY_VALUE_REJECTION", "Promise was rejected with falsy value");
          err.reason = reason;
          reason = err;
        }
        nextTick(cb, reason);
      });
  }
  const descriptors = Object.getOwnPropertyDescriptors(original);
  if (descriptors.length && typeof descriptors.length.value === "number") descriptors.length.value++;
  if (descriptors.name && typeof descriptors.name.value === "string") descriptors.name.value += "Callbackified";
  const propertiesValues = Object.values(descriptors);
  for (const d of propertiesValues) Object.setPrototypeOf(d, null);
  Object.setPrototypeOf(callbackified, Object.getPrototypeOf(original));
  Object.defineProperties(callbackified, descriptors);
  return callbackified;
}

// ---------------------------------------------------------------------------
// deprecate / inherits / legacy

const warnedCodes = new Set();

// (Node 22 does not check `fn` itself: a non-function fails where its
// prototype is taken.)
function deprecate(fn, msg, code) {
  if (code !== undefined) validateString(code, "code");
  let warned = false;
  function deprecated(...args) {
    const p = proc();
    if (!warned && !p.noDeprecation) {
      warned = true;
      if (code !== undefined) {
        if (!warnedCodes.has(code)) {
          warnedCodes.add(code);
          emitWarning(msg, "DeprecationWarning", code, deprecated);
        }
      } else {
        emitWarning(msg, "DeprecationWarning", deprecated);
      }
    }
    if (new.target) return Reflect.construct(fn, args, new.target);
    return Reflect.apply(fn, this, args);
  }
  Object.setPrototypeOf(deprecated, fn);
  if (fn.prototype) deprecated.prototype = fn.prototype;
  Object.defineProperty(deprecated, "length", { value: fn.length, configurable: true });
  return deprecated;
}

function inherits(ctor, superCtor) {
  if (ctor === undefined || ctor === null) throw invalidArgType("ctor", "of type function", ctor);
  if (superCtor === undefined || superCtor === null) throw invalidArgType("superCtor", "of type function", superCtor);
  if (superCtor.prototype === undefined) {
    throw invalidArgType("superCtor.prototype", "of type object", superCtor.prototype);
  }
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

function legacy(name, fn, code, advice) {
  return deprecate(fn, `The \`util.${name}\` API is deprecated. ${advice}`, code);
}

function isBufferValue(value) {
  try {
    const { Buffer } = require("node_buffer");
    return Buffer.isBuffer(value);
  } catch {
    return value instanceof Uint8Array && value.constructor && value.constructor.name === "Buffer";
  }
}

function isErrorValue(e) {
  return Object.prototype.toString.call(e) === "[object Error]" || e instanceof Error;
}

const pad2 = (n) => (n < 10 ? `0${n}` : `${n}`);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function timestamp() {
  const d = new Date();
  const t = [pad2(d.getHours()), pad2(d.getMinutes()), pad2(d.getSeconds())].join(":");
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${t}`;
}

// ---------------------------------------------------------------------------
// System errors (libuv's names and messages, Linux numbers)

const ERRORS = [
  [-7, "E2BIG", "argument list too long"], [-13, "EACCES", "permission denied"],
  [-98, "EADDRINUSE", "address already in use"], [-99, "EADDRNOTAVAIL", "address not available"],
  [-97, "EAFNOSUPPORT", "address family not supported"], [-11, "EAGAIN", "resource temporarily unavailable"],
  [-3000, "EAI_ADDRFAMILY", "address family not supported"], [-3001, "EAI_AGAIN", "temporary failure"],
  [-3002, "EAI_BADFLAGS", "bad ai_flags value"], [-3013, "EAI_BADHINTS", "invalid value for hints"],
  [-3003, "EAI_CANCELED", "request canceled"], [-3004, "EAI_FAIL", "permanent failure"],
  [-3005, "EAI_FAMILY", "ai_family not supported"], [-3006, "EAI_MEMORY", "out of memory"],
  [-3007, "EAI_NODATA", "no address"], [-3008, "EAI_NONAME", "unknown node or service"],
  [-3009, "EAI_OVERFLOW", "argument buffer overflow"], [-3014, "EAI_PROTOCOL", "resolved protocol is unknown"],
  [-3010, "EAI_SERVICE", "service not available for socket type"],
  [-3011, "EAI_SOCKTYPE", "socket type not supported"], [-114, "EALREADY", "connection already in progress"],
  [-9, "EBADF", "bad file descriptor"], [-16, "EBUSY", "resource busy or locked"],
  [-125, "ECANCELED", "operation canceled"], [-4080, "ECHARSET", "invalid Unicode character"],
  [-103, "ECONNABORTED", "software caused connection abort"], [-111, "ECONNREFUSED", "connection refused"],
  [-104, "ECONNRESET", "connection reset by peer"], [-89, "EDESTADDRREQ", "destination address required"],
  [-17, "EEXIST", "file already exists"], [-14, "EFAULT", "bad address in system call argument"],
  [-27, "EFBIG", "file too large"], [-113, "EHOSTUNREACH", "host is unreachable"],
  [-4, "EINTR", "interrupted system call"], [-22, "EINVAL", "invalid argument"], [-5, "EIO", "i/o error"],
  [-106, "EISCONN", "socket is already connected"], [-21, "EISDIR", "illegal operation on a directory"],
  [-40, "ELOOP", "too many symbolic links encountered"], [-24, "EMFILE", "too many open files"],
  [-90, "EMSGSIZE", "message too long"], [-36, "ENAMETOOLONG", "name too long"],
  [-100, "ENETDOWN", "network is down"], [-101, "ENETUNREACH", "network is unreachable"],
  [-23, "ENFILE", "file table overflow"], [-105, "ENOBUFS", "no buffer space available"],
  [-19, "ENODEV", "no such device"], [-2, "ENOENT", "no such file or directory"],
  [-12, "ENOMEM", "not enough memory"], [-64, "ENONET", "machine is not on the network"],
  [-92, "ENOPROTOOPT", "protocol not available"], [-28, "ENOSPC", "no space left on device"],
  [-38, "ENOSYS", "function not implemented"], [-107, "ENOTCONN", "socket is not connected"],
  [-20, "ENOTDIR", "not a directory"], [-39, "ENOTEMPTY", "directory not empty"],
  [-88, "ENOTSOCK", "socket operation on non-socket"], [-95, "ENOTSUP", "operation not supported on socket"],
  [-75, "EOVERFLOW", "value too large for defined data type"], [-1, "EPERM", "operation not permitted"],
  [-32, "EPIPE", "broken pipe"], [-71, "EPROTO", "protocol error"],
  [-93, "EPROTONOSUPPORT", "protocol not supported"], [-91, "EPROTOTYPE", "protocol wrong type for socket"],
  [-34, "ERANGE", "result too large"], [-30, "EROFS", "read-only file system"],
  [-108, "ESHUTDOWN", "cannot send after transport endpoint shutdown"], [-29, "ESPIPE", "invalid seek"],
  [-3, "ESRCH", "no such process"], [-110, "ETIMEDOUT", "connection timed out"],
  [-26, "ETXTBSY", "text file is busy"], [-18, "EXDEV", "cross-device link not permitted"],
  [-4094, "UNKNOWN", "unknown error"], [-4095, "EOF", "end of file"], [-6, "ENXIO", "no such device or address"],
  [-31, "EMLINK", "too many links"], [-112, "EHOSTDOWN", "host is down"], [-121, "EREMOTEIO", "remote I/O error"],
  [-25, "ENOTTY", "inappropriate ioctl for device"], [-4028, "EFTYPE", "inappropriate file type or format"],
  [-84, "EILSEQ", "illegal byte sequence"], [-94, "ESOCKTNOSUPPORT", "socket type not supported"],
  [-61, "ENODATA", "no data available"], [-49, "EUNATCH", "protocol driver not attached"],
  [-8, "ENOEXEC", "exec format error"],
];
let errorMap = null;
function systemErrors() {
  if (errorMap === null) {
    errorMap = new Map();
    for (const [n, name, message] of ERRORS) errorMap.set(n, [name, message]);
  }
  return errorMap;
}

function validateErrno(err) {
  if (typeof err !== "number") throw invalidArgType("err", "of type number", err);
  if (err >= 0 || !Number.isSafeInteger(err)) throw outOfRange("err", "a negative integer", err);
}

function getSystemErrorName(err) {
  validateErrno(err);
  const entry = systemErrors().get(err);
  return entry ? entry[0] : `Unknown system error ${err}`;
}

function getSystemErrorMessage(err) {
  validateErrno(err);
  const entry = systemErrors().get(err);
  return entry ? entry[1] : `Unknown system error ${err}`;
}

function getSystemErrorMap() {
  return new Map([...systemErrors()].map(([k, v]) => [k, [...v]]));
}

function errnoException(err, syscall, original) {
  const name = getSystemErrorName(err);
  const ex = new Error(original ? `${syscall} ${name} ${original}` : `${syscall} ${name}`);
  ex.errno = err;
  ex.code = name;
  ex.syscall = syscall;
  return ex;
}

function exceptionWithHostPort(err, syscall, address, port, additional) {
  const code = getSystemErrorName(err);
  let details = "";
  if (port && port > 0) details = ` ${address}:${port}`;
  else if (address) details = ` ${address}`;
  if (additional) details += ` - Local (${additional})`;
  const ex = new Error(`${syscall} ${code}${details}`);
  ex.errno = err;
  ex.code = code;
  ex.syscall = syscall;
  ex.address = address;
  if (port) ex.port = port;
  return ex;
}

// ---------------------------------------------------------------------------
// debuglog

let debugPattern = null;
function debugEnabled(section) {
  if (debugPattern === null) {
    const env = proc().env.NODE_DEBUG;
    if (env) {
      const parts = `${env}`.split(/[\s,]+/).filter(Boolean).map((p) =>
        p.replace(/[|\\{}()[\]^$+?.]/g, "\\$&").replace(/\*/g, ".*"));
      debugPattern = parts.length ? new RegExp(`^(?:${parts.join("|")})$`, "i") : /(?!)/;
    } else {
      debugPattern = /(?!)/;
    }
  }
  return debugPattern.test(section);
}

function debuglog(set, cb) {
  let enabled;
  let fn = null;
  const init = () => {
    if (enabled === undefined) {
      enabled = debugEnabled(set);
      if (enabled && typeof cb === "function") cb(logger);
    }
  };
  function write(...args) {
    const p = proc();
    const text = `${set.toUpperCase()} ${p.pid}: ${format(...args)}\n`;
    if (p.stderr && typeof p.stderr.write === "function") p.stderr.write(text);
  }
  function logger(...args) {
    init();
    if (fn === null) fn = enabled ? write : () => {};
    fn(...args);
  }
  Object.defineProperty(logger, "enabled", {
    get() {
      init();
      return enabled;
    },
    configurable: true,
    enumerable: true,
  });
  return logger;
}

// ---------------------------------------------------------------------------
// styleText

const STYLES = {
  reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25], inverse: [7, 27],
  hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24], black: [30, 39], red: [31, 39],
  green: [32, 39], yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39],
  bgBlack: [40, 49], bgRed: [41, 49], bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49],
  bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49], framed: [51, 54], overlined: [53, 55],
  gray: [90, 39], redBright: [91, 39], greenBright: [92, 39], yellowBright: [93, 39], blueBright: [94, 39],
  magentaBright: [95, 39], cyanBright: [96, 39], whiteBright: [97, 39], bgGray: [100, 49],
  bgRedBright: [101, 49], bgGreenBright: [102, 49], bgYellowBright: [103, 49], bgBlueBright: [104, 49],
  bgMagentaBright: [105, 49], bgCyanBright: [106, 49], bgWhiteBright: [107, 49],
};

// A Node stream (an event emitter that writes or pipes) or a web stream.
function isStreamLike(stream) {
  if (stream === null || typeof stream !== "object") return false;
  if (stream._readableState || stream._writableState) return true;
  if (typeof stream.on === "function" && (typeof stream.write === "function" || typeof stream.pipe === "function")) return true;
  return (typeof globalThis.ReadableStream === "function" && stream instanceof globalThis.ReadableStream) ||
    (typeof globalThis.WritableStream === "function" && stream instanceof globalThis.WritableStream);
}

// Whether a stream shows colors, as Node decides for styleText: a TTY with
// colors, unless NO_COLOR / NODE_DISABLE_COLORS say otherwise and
// FORCE_COLOR says yes.
function streamHasColors(stream) {
  const env = proc().env;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined || env.NODE_DISABLE_COLORS !== undefined) return false;
  if (!stream || !stream.isTTY) return false;
  return typeof stream.hasColors === "function" ? Boolean(stream.hasColors()) : true;
}

function styleText(fmt, text, { validateStream = true, stream = proc().stdout } = {}) {
  validateString(text, "text");
  validateBoolean(validateStream, "options.validateStream");
  let skipColorize = false;
  if (validateStream) {
    if (!isStreamLike(stream)) {
      throw invalidArgType("stream", "an instance of ReadableStream, WritableStream, or Stream", stream);
    }
    skipColorize = !streamHasColors(stream);
  }
  const formats = Array.isArray(fmt) ? fmt : [fmt];
  let left = "";
  let right = "";
  for (const key of formats) {
    if (key === "none") continue;
    const style = Object.prototype.hasOwnProperty.call(STYLES, key) ? STYLES[key] : undefined;
    if (style === undefined) {
      const allowed = Object.keys(STYLES).map((k) => `'${k}'`).join(", ");
      throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
        `The argument 'format' must be one of: ${allowed}. Received ${inspectValue(key)}`);
    }
    left += `\u001b[${style[0]}m`;
    right = `\u001b[${style[1]}m${right}`;
  }
  return skipColorize ? text : `${left}${text}${right}`;
}

// ---------------------------------------------------------------------------
// util.types

const uncurry = (fn) => (self, ...args) => Reflect.apply(fn, self, args);
const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const objectToString = uncurry(Object.prototype.toString);

function brand(check) {
  return (value) => {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
    try {
      check(value);
      return true;
    } catch {
      return false;
    }
  };
}

const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = uncurry(getter(TypedArrayProto, Symbol.toStringTag));
const AsyncFunctionProto = Object.getPrototypeOf(async function () {});
const GeneratorFunctionProto = Object.getPrototypeOf(function* () {});
const AsyncGeneratorFunctionProto = Object.getPrototypeOf(async function* () {});
const GeneratorProto = GeneratorFunctionProto.prototype;
const AsyncGeneratorProto = AsyncGeneratorFunctionProto.prototype;
const MapIteratorProto = Object.getPrototypeOf(new Map().entries());
const SetIteratorProto = Object.getPrototypeOf(new Set().entries());

function hasInChain(value, proto) {
  for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p)) if (p === proto) return true;
  return false;
}

function tagged(value, tag) {
  return value !== null && typeof value === "object" && objectToString(value) === `[object ${tag}]`;
}

const isTypedArrayOf = (name) => (value) => ArrayBuffer.isView(value) && typedArrayTag(value) === name;

const types = {
  isArgumentsObject: (v) => tagged(v, "Arguments") && !(Symbol.toStringTag in v),
  isArrayBuffer: brand(uncurry(getter(ArrayBuffer.prototype, "byteLength"))),
  isAsyncFunction: (v) => typeof v === "function" &&
    (Object.getPrototypeOf(v) === AsyncFunctionProto || Object.getPrototypeOf(v) === AsyncGeneratorFunctionProto),
  isBigIntObject: (v) => typeof v === "object" && brand(uncurry(BigInt.prototype.valueOf))(v),
  isBooleanObject: (v) => typeof v === "object" && brand(uncurry(Boolean.prototype.valueOf))(v),
  isDataView: brand(uncurry(getter(DataView.prototype, "byteLength"))),
  isDate: brand(uncurry(Date.prototype.getTime)),
  isExternal: () => false,
  isGeneratorFunction: (v) => typeof v === "function" &&
    (Object.getPrototypeOf(v) === GeneratorFunctionProto || Object.getPrototypeOf(v) === AsyncGeneratorFunctionProto),
  isGeneratorObject: (v) => (tagged(v, "Generator") && hasInChain(v, GeneratorProto)) ||
    (tagged(v, "AsyncGenerator") && hasInChain(v, AsyncGeneratorProto)),
  isMap: brand(uncurry(getter(Map.prototype, "size"))),
  isMapIterator: (v) => tagged(v, "Map Iterator") && hasInChain(v, MapIteratorProto),
  isModuleNamespaceObject: (v) => {
    if (v === null || typeof v !== "object" || Object.getPrototypeOf(v) !== null || Object.isExtensible(v)) return false;
    const d = Object.getOwnPropertyDescriptor(v, Symbol.toStringTag);
    return d !== undefined && d.value === "Module" && !d.writable && !d.configurable;
  },
  isNativeError: (v) => {
    if (typeof Error.isError === "function") return Error.isError(v);
    return tagged(v, "Error") && !(Symbol.toStringTag in v);
  },
  isNumberObject: (v) => typeof v === "object" && brand(uncurry(Number.prototype.valueOf))(v),
  isPromise: (v) => tagged(v, "Promise") && v instanceof Promise,
  isProxy: (v) => (typeof v === "object" || typeof v === "function") && v !== null &&
    typeof host.proxyTarget === "function" && host.proxyTarget(v) !== undefined,
  isRegExp: (v) => v !== RegExp.prototype && brand(uncurry(getter(RegExp.prototype, "source")))(v),
  isSet: brand(uncurry(getter(Set.prototype, "size"))),
  isSetIterator: (v) => tagged(v, "Set Iterator") && hasInChain(v, SetIteratorProto),
  isSharedArrayBuffer: typeof SharedArrayBuffer === "function"
    ? brand(uncurry(getter(SharedArrayBuffer.prototype, "byteLength")))
    : () => false,
  isStringObject: (v) => typeof v === "object" && brand(uncurry(String.prototype.valueOf))(v),
  isSymbolObject: (v) => typeof v === "object" && brand(uncurry(Symbol.prototype.valueOf))(v),
  isWeakMap: brand((v) => WeakMap.prototype.has.call(v, {})),
  isWeakSet: brand((v) => WeakSet.prototype.has.call(v, {})),
  isAnyArrayBuffer: null,
  isBoxedPrimitive: null,
  isArrayBufferView: (v) => ArrayBuffer.isView(v),
  isTypedArray: (v) => ArrayBuffer.isView(v) && typedArrayTag(v) !== undefined,
  isUint8Array: isTypedArrayOf("Uint8Array"),
  isUint8ClampedArray: isTypedArrayOf("Uint8ClampedArray"),
  isUint16Array: isTypedArrayOf("Uint16Array"),
  isUint32Array: isTypedArrayOf("Uint32Array"),
  isInt8Array: isTypedArrayOf("Int8Array"),
  isInt16Array: isTypedArrayOf("Int16Array"),
  isInt32Array: isTypedArrayOf("Int32Array"),
  isFloat16Array: isTypedArrayOf("Float16Array"),
  isFloat32Array: isTypedArrayOf("Float32Array"),
  isFloat64Array: isTypedArrayOf("Float64Array"),
  isBigInt64Array: isTypedArrayOf("BigInt64Array"),
  isBigUint64Array: isTypedArrayOf("BigUint64Array"),
  isKeyObject: (v) => {
    if (v === null || typeof v !== "object") return false;
    try {
      const { KeyObject } = require("node_crypto");
      return typeof KeyObject === "function" && v instanceof KeyObject;
    } catch {
      return false;
    }
  },
  isCryptoKey: (v) => typeof globalThis.CryptoKey === "function" && v instanceof globalThis.CryptoKey,
};
types.isAnyArrayBuffer = (v) => types.isArrayBuffer(v) || types.isSharedArrayBuffer(v);
types.isBoxedPrimitive = (v) => types.isNumberObject(v) || types.isStringObject(v) || types.isBooleanObject(v) ||
  types.isBigIntObject(v) || types.isSymbolObject(v);
for (const key of Object.keys(types)) {
  Object.defineProperty(types[key], "name", { value: key, configurable: true });
}

// ---------------------------------------------------------------------------
// parseArgs

function parseArgsError(code, message) {
  return codedError(TypeError, code, message);
}

function mainArgs() {
  const p = proc();
  const execArgv = p.execArgv || [];
  if (execArgv.some((a) => a === "-e" || a === "--eval" || a === "-p" || a === "--print")) return p.argv.slice(1);
  return p.argv.slice(2);
}

const ownGet = (obj, key, prop) => (Object.prototype.hasOwnProperty.call(obj, key) ? obj[key][prop] : undefined);

function findLongForShort(short, options) {
  for (const long of Object.keys(options)) {
    if (ownGet(options, long, "short") === short) return long;
  }
  return short;
}

function isOptionLike(value) {
  return value !== undefined && value.length > 1 && value[0] === "-";
}

function parseArgs(config = { __proto__: null }) {
  const args = config.args !== undefined ? config.args : mainArgs();
  const strict = config.strict !== undefined ? config.strict : true;
  const allowPositionals = config.allowPositionals !== undefined ? config.allowPositionals : !strict;
  const returnTokens = config.tokens !== undefined ? config.tokens : false;
  const allowNegative = config.allowNegative !== undefined ? config.allowNegative : false;
  const options = config.options !== undefined ? config.options : { __proto__: null };
  validateArray(args, "args");
  validateBoolean(strict, "strict");
  validateBoolean(allowPositionals, "allowPositionals");
  validateBoolean(returnTokens, "tokens");
  validateBoolean(allowNegative, "allowNegative");
  validatePlainObjectArg(options, "options");

  for (const long of Object.keys(options)) {
    const oc = options[long];
    validatePlainObjectArg(oc, `options.${long}`);
    const type = oc.type;
    if (type !== "string" && type !== "boolean") {
      throw invalidArgType(`options.${long}.type`, "('string|boolean')", type);
    }
    if (Object.prototype.hasOwnProperty.call(oc, "short")) {
      validateString(oc.short, `options.${long}.short`);
      if (oc.short.length !== 1) {
        throw codedError(TypeError, "ERR_INVALID_ARG_VALUE",
          `The property 'options.${long}.short' must be a single character. Received ${inspectValue(oc.short)}`);
      }
    }
    const multiple = oc.multiple;
    if (Object.prototype.hasOwnProperty.call(oc, "multiple")) validateBoolean(multiple, `options.${long}.multiple`);
    if (Object.prototype.hasOwnProperty.call(oc, "default")) {
      const def = oc.default;
      const check = type === "string" ? validateString : validateBoolean;
      if (multiple) {
        validateArray(def, `options.${long}.default`);
        def.forEach((v, i) => check(v, `options.${long}.default[${i}]`));
      } else {
        check(def, `options.${long}.default`);
      }
    }
  }

  // Tokens.
  const tokens = [];
  const remaining = args.slice();
  let index = -1;
  let groupCount = 0;
  while (remaining.length > 0) {
    const rawArg = remaining.shift();
    const arg = typeof rawArg === "string" ? rawArg : String(rawArg);
    const next = remaining[0];
    if (groupCount > 0) groupCount--;
    else index++;

    if (arg === "--") {
      tokens.push({ kind: "option-terminator", index });
      for (const rest of remaining) tokens.push({ kind: "positional", index: ++index, value: rest });
      break;
    }
    const isShort = arg.length === 2 && arg[0] === "-" && arg[1] !== "-";
    if (isShort) {
      const long = findLongForShort(arg[1], options);
      let value;
      let inlineValue;
      if (ownGet(options, long, "type") === "string" && next !== undefined && next !== null) {
        value = remaining.shift();
        inlineValue = false;
      }
      tokens.push({ kind: "option", name: long, rawName: arg, index, value, inlineValue });
      if (value !== undefined) index++;
      continue;
    }
    if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
      const firstLong = findLongForShort(arg[1], options);
      if (ownGet(options, firstLong, "type") === "string") {
        // "-fVALUE"
        tokens.push({ kind: "option", name: firstLong, rawName: `-${arg[1]}`, index, value: arg.slice(2), inlineValue: true });
        continue;
      }
      // A group of short options "-abc": expanded in place.
      const expanded = [];
      for (let i = 1; i < arg.length; i++) {
        const short = arg[i];
        const long = findLongForShort(short, options);
        if (ownGet(options, long, "type") !== "string" || i === arg.length - 1) {
          expanded.push(`-${short}`);
        } else {
          expanded.push(`-${arg.slice(i)}`);
          break;
        }
      }
      remaining.unshift(...expanded);
      groupCount = expanded.length;
      continue;
    }
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=");
      if (eq === -1) {
        const long = arg.slice(2);
        let value;
        let inlineValue;
        if (ownGet(options, long, "type") === "string" && next !== undefined && next !== null) {
          value = remaining.shift();
          inlineValue = false;
        }
        tokens.push({ kind: "option", name: long, rawName: arg, index, value, inlineValue });
        if (value !== undefined) index++;
      } else {
        const long = arg.slice(2, eq);
        tokens.push({ kind: "option", name: long, rawName: `--${long}`, index, value: arg.slice(eq + 1), inlineValue: true });
      }
      continue;
    }
    tokens.push({ kind: "positional", index, value: rawArg });
  }

  // Values.
  const values = { __proto__: null };
  const positionals = [];
  for (const token of tokens) {
    if (token.kind === "option") {
      let name = token.name;
      let negated = false;
      // "--no-foo" sets a boolean "foo" to false (or, without strict
      // checks, an option "foo" that is not declared).
      if (allowNegative && name.startsWith("no-")) {
        const base = name.slice(3);
        const declared = (key) => Object.prototype.hasOwnProperty.call(options, key);
        if (ownGet(options, base, "type") === "boolean" || (!strict && !declared(base) && !declared(name))) {
          negated = true;
          name = base;
          token.name = base;
        }
      }
      if (strict) checkOptionUsage(token, options, allowPositionals, name);
      if (name === "__proto__") continue;
      const value = negated ? false : token.value === undefined ? true : token.value;
      if (ownGet(options, name, "multiple")) {
        if (values[name] === undefined) values[name] = [];
        values[name].push(value);
      } else {
        values[name] = value;
      }
    } else if (token.kind === "positional") {
      if (!allowPositionals) {
        throw parseArgsError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL",
          `Unexpected argument '${token.value}'. This command does not take positional arguments`);
      }
      positionals.push(token.value);
    }
  }
  for (const long of Object.keys(options)) {
    if (Object.prototype.hasOwnProperty.call(options[long], "default") && values[long] === undefined && long !== "__proto__") {
      values[long] = options[long].default;
    }
  }
  const result = { values, positionals };
  if (returnTokens) result.tokens = tokens;
  return result;
}

function checkOptionUsage(token, options, allowPositionals, name) {
  if (!Object.prototype.hasOwnProperty.call(options, name)) {
    const raw = token.rawName;
    const hint = allowPositionals
      ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(raw)}`
      : "";
    throw parseArgsError("ERR_PARSE_ARGS_UNKNOWN_OPTION", `Unknown option '${raw}'${hint}`);
  }
  const short = ownGet(options, name, "short");
  const shortAndLong = `${short ? `-${short}, ` : ""}--${name}`;
  const type = ownGet(options, name, "type");
  if (type === "string" && typeof token.value !== "string") {
    throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${shortAndLong} <value>' argument missing`);
  }
  if (type === "boolean" && token.value !== undefined) {
    throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${shortAndLong}' does not take an argument`);
  }
  if (type === "string" && !token.inlineValue && isOptionLike(token.value)) {
    const example = token.rawName.startsWith("--")
      ? `'--${name}=-XYZ'`
      : `'--${name}=-XYZ' or '${token.rawName}-XYZ'`;
    throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${token.rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${token.rawName}'?\n` +
      `To specify an option argument starting with a dash use ${example}.`);
  }
}

// ---------------------------------------------------------------------------
// MIMEType

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const QUOTED_CHAR = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;
const HTTP_WS = /[\t\n\r ]/;

function mimeSyntax(production, str, index) {
  return codedError(TypeError, "ERR_INVALID_MIME_SYNTAX",
    `The MIME syntax for a ${production} in "${str}" is invalid${index !== -1 ? ` at ${index}` : ""}`);
}

function firstInvalid(str, re) {
  for (let i = 0; i < str.length; i++) if (!re.test(str[i])) return i;
  return -1;
}

const trimHttp = (s) => s.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");

function parseMIME(input) {
  const str = trimHttp(`${input}`);
  const slash = str.indexOf("/");
  const type = slash === -1 ? str : str.slice(0, slash);
  if (type === "" || !TOKEN.test(type) || slash === -1) {
    throw mimeSyntax("type", str, type === "" ? -1 : firstInvalid(type, TOKEN_CHAR));
  }
  const semi = str.indexOf(";", slash + 1);
  const rawSubtype = semi === -1 ? str.slice(slash + 1) : str.slice(slash + 1, semi);
  const subtype = rawSubtype.replace(/[\t\n\r ]+$/, "");
  if (subtype === "" || !TOKEN.test(subtype)) {
    throw mimeSyntax("subtype", str, subtype === "" ? -1 : firstInvalid(subtype, TOKEN_CHAR));
  }
  const params = new Map();
  if (semi !== -1) parseParams(str, semi, params);
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), params };
}

function parseParams(str, pos, params) {
  while (pos < str.length) {
    pos++; // ";"
    while (pos < str.length && HTTP_WS.test(str[pos])) pos++;
    let nameEnd = pos;
    while (nameEnd < str.length && str[nameEnd] !== ";" && str[nameEnd] !== "=") nameEnd++;
    const name = str.slice(pos, nameEnd).toLowerCase();
    pos = nameEnd;
    if (pos < str.length) {
      if (str[pos] === ";") continue;
      pos++; // "="
    }
    if (pos >= str.length) break;
    let value;
    if (str[pos] === "\"") {
      pos++;
      value = "";
      while (pos < str.length) {
        const c = str[pos];
        if (c === "\"") break;
        if (c === "\\") {
          pos++;
          value += pos < str.length ? str[pos] : "\\";
          pos++;
          continue;
        }
        value += c;
        pos++;
      }
      while (pos < str.length && str[pos] !== ";") pos++;
    } else {
      let end = pos;
      while (end < str.length && str[end] !== ";") end++;
      value = str.slice(pos, end).replace(/[\t\n\r ]+$/, "");
      pos = end;
      if (value === "") continue;
    }
    if (name !== "" && TOKEN.test(name) && QUOTED_CHAR.test(value) && !params.has(name)) params.set(name, value);
  }
}

function serializeValue(value) {
  if (value !== "" && TOKEN.test(value)) return value;
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

const mimeParamsState = new WeakMap();

class MIMEParams {
  constructor() {
    mimeParamsState.set(this, new Map());
  }

  delete(name) {
    mimeParamsState.get(this).delete(name);
  }

  get(name) {
    const map = mimeParamsState.get(this);
    return map.has(name) ? map.get(name) : null;
  }

  has(name) {
    return mimeParamsState.get(this).has(name);
  }

  set(name, value) {
    name = `${name}`;
    value = `${value}`;
    if (name === "" || !TOKEN.test(name)) throw mimeSyntax("parameter name", name, firstInvalid(name, TOKEN_CHAR));
    if (!QUOTED_CHAR.test(value)) {
      throw mimeSyntax("parameter value", value, firstInvalid(value, /[\t\u0020-\u007e\u0080-\u00ff]/));
    }
    mimeParamsState.get(this).set(name, value);
  }

  *entries() {
    yield* mimeParamsState.get(this).entries();
  }

  *keys() {
    yield* mimeParamsState.get(this).keys();
  }

  *values() {
    yield* mimeParamsState.get(this).values();
  }

  toString() {
    let out = "";
    for (const [name, value] of mimeParamsState.get(this)) out += `${out ? ";" : ""}${name}=${serializeValue(value)}`;
    return out;
  }

  toJSON() {
    return this.toString();
  }

  [Symbol.iterator]() {
    return this.entries();
  }
}

const mimeState = new WeakMap();

class MIMEType {
  constructor(string) {
    const parsed = parseMIME(string);
    const params = new MIMEParams();
    for (const [k, v] of parsed.params) mimeParamsState.get(params).set(k, v);
    mimeState.set(this, { type: parsed.type, subtype: parsed.subtype, params });
  }

  get type() {
    return mimeState.get(this).type;
  }

  set type(v) {
    v = `${v}`;
    if (v === "" || !TOKEN.test(v)) throw mimeSyntax("type", v, firstInvalid(v, TOKEN_CHAR));
    mimeState.get(this).type = v.toLowerCase();
  }

  get subtype() {
    return mimeState.get(this).subtype;
  }

  set subtype(v) {
    v = `${v}`;
    if (v === "" || !TOKEN.test(v)) throw mimeSyntax("subtype", v, firstInvalid(v, TOKEN_CHAR));
    mimeState.get(this).subtype = v.toLowerCase();
  }

  get essence() {
    const st = mimeState.get(this);
    return `${st.type}/${st.subtype}`;
  }

  get params() {
    return mimeState.get(this).params;
  }

  toString() {
    const st = mimeState.get(this);
    const params = st.params.toString();
    return `${st.type}/${st.subtype}${params ? `;${params}` : ""}`;
  }

  toJSON() {
    return this.toString();
  }
}

// ---------------------------------------------------------------------------
// parseEnv (the .env format Node reads)

function parseEnv(content) {
  validateString(content, "content");
  const out = {};
  const text = content.replace(/\r\n?/g, "\n");
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf("\n", i);
    if (lineEnd === -1) lineEnd = text.length;
    const lineStart = i;
    let line = text.slice(lineStart, lineEnd).trim();
    i = lineEnd + 1;
    if (line === "" || line[0] === "#") continue;
    if (line.startsWith("export ")) line = line.slice(7).trim();
    const eq = line.indexOf("=");
    if (eq === -1) continue;
    const key = line.slice(0, eq).trim();
    if (key === "") continue;
    let value = line.slice(eq + 1).trim();
    const q = value[0];
    if (q === "\"" || q === "'" || q === "`") {
      const close = value.indexOf(q, 1);
      if (close !== -1) {
        value = value.slice(1, close);
      } else {
        // A quoted value may run over several lines.
        const open = text.indexOf(q, text.indexOf("=", lineStart));
        const end = text.indexOf(q, open + 1);
        if (end !== -1) {
          value = text.slice(open + 1, end);
          const after = text.indexOf("\n", end);
          i = after === -1 ? text.length : after + 1;
        }
      }
      if (q === "\"" && value !== line.slice(eq + 1).trim()) value = value.replace(/\\n/g, "\n");
    } else {
      const hash = value.indexOf("#");
      if (hash !== -1) value = value.slice(0, hash).trim();
    }
    out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Call sites

function getCallSites(frameCount = 10, options) {
  if (typeof frameCount === "object" && frameCount !== null) {
    options = frameCount;
    frameCount = 10;
  }
  if (typeof frameCount !== "number") throw invalidArgType("frameCount", "of type number", frameCount);
  if (!Number.isInteger(frameCount) || frameCount < 1 || frameCount > 200) {
    throw outOfRange("frameCount", ">= 1 && <= 200", frameCount);
  }
  void options;
  const stack = `${new Error().stack}`.split("\n");
  const sites = [];
  for (const line of stack) {
    let m = /^\s*at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(line);
    let fnName;
    let file;
    let ln;
    let col;
    if (m !== null) [, fnName, file, ln, col] = m;
    else {
      m = /^(.*?)@(.*?):(\d+):(\d+)$/.exec(line);
      if (m === null) continue;
      [, fnName, file, ln, col] = m;
    }
    if (file.startsWith("node:internal/") || fnName === "getCallSites") continue;
    sites.push({ functionName: fnName || "", scriptId: "0", scriptName: file, lineNumber: +ln, columnNumber: +col, column: +col });
  }
  // The first frame is this function's caller's caller, as in Node.
  return sites.slice(1, 1 + frameCount);
}

// ---------------------------------------------------------------------------
// diff

function diff(actual, expected) {
  if (typeof actual !== "string" && !Array.isArray(actual)) throw invalidArgType("actual", "of type string", actual);
  if (typeof expected !== "string" && !Array.isArray(expected)) throw invalidArgType("expected", "of type string", expected);
  if (actual === expected) return [];
  const { myersDiff } = require("node_assert");
  const ops = { nop: 0, insert: 1, delete: -1 };
  return myersDiff([...actual], [...expected]).reverse().map((d) => [ops[d.type], d.value]);
}

// ---------------------------------------------------------------------------

function isDeepStrictEqual(a, b) {
  return require("node_assert").isDeepStrictEqual(a, b);
}

function aborted(signal, resource) {
  return new Promise((resolve) => {
    const { AbortSignal } = require("abort");
    if (!(signal instanceof AbortSignal)) throw invalidArgType("signal", "an instance of AbortSignal", signal);
    if (resource === null || (typeof resource !== "object" && typeof resource !== "function")) {
      throw invalidArgType("resource", "of type object", resource);
    }
    if (signal.aborted) {
      resolve();
      return;
    }
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

function transferableAbortSignal(signal) {
  const { AbortSignal } = require("abort");
  if (!(signal instanceof AbortSignal)) throw invalidArgType("signal", "an instance of AbortSignal", signal);
  return signal;
}

function transferableAbortController() {
  const { AbortController } = require("abort");
  return new AbortController();
}

function toUSVString(input) {
  return `${input}`.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

const encoding = require("encoding");

Object.assign(exports, {
  _errnoException: errnoException,
  _exceptionWithHostPort: exceptionWithHostPort,
  _extend: deprecate(function _extend(target, source) {
    if (source === null || typeof source !== "object") return target;
    const keys = Object.keys(source);
    let i = keys.length;
    while (i--) target[keys[i]] = source[keys[i]];
    return target;
  }, "The `util._extend` API is deprecated. Please use Object.assign() instead.", "DEP0060"),
  callbackify,
  debug: debuglog,
  debuglog,
  deprecate,
  format,
  styleText,
  formatWithOptions,
  getCallSite: function getCallSite(...args) {
    if (!getCallSite.warned) {
      getCallSite.warned = true;
      emitWarning("The `util.getCallSite` API has been renamed to `util.getCallSites()`.", "ExperimentalWarning");
    }
    return getCallSites(...args);
  },
  getCallSites,
  getSystemErrorMap,
  getSystemErrorName,
  getSystemErrorMessage,
  inherits,
  inspect,
  isArray: legacy("isArray", (arg) => Array.isArray(arg), "DEP0044", "Please use `Array.isArray()` instead."),
  isBoolean: legacy("isBoolean", (arg) => typeof arg === "boolean", "DEP0045", " Please use `typeof arg === \"boolean\"` instead."),
  isBuffer: legacy("isBuffer", isBufferValue, "DEP0046", "Please use `Buffer.isBuffer()` instead."),
  isDeepStrictEqual,
  isNull: legacy("isNull", (arg) => arg === null, "DEP0050", "Please use `arg === null` instead."),
  isNullOrUndefined: legacy("isNullOrUndefined", (arg) => arg === null || arg === undefined, "DEP0051",
    "Please use `arg === null || arg === undefined` instead."),
  isNumber: legacy("isNumber", (arg) => typeof arg === "number", "DEP0052", "Please use `typeof arg === \"number\"` instead."),
  isString: legacy("isString", (arg) => typeof arg === "string", "DEP0056", " Please use `typeof arg === \"string\"` instead."),
  isSymbol: legacy("isSymbol", (arg) => typeof arg === "symbol", "DEP0057", " Please use `arg === \"symbol\"` instead."),
  isUndefined: legacy("isUndefined", (arg) => arg === undefined, "DEP0058", "Please use `arg === undefined` instead."),
  isRegExp: legacy("isRegExp", (arg) => types.isRegExp(arg), "DEP0055", "Please use `arg instanceof RegExp` instead."),
  isObject: legacy("isObject", (arg) => arg !== null && typeof arg === "object", "DEP0053",
    "Please use `arg !== null && typeof arg === \"object\"` instead."),
  isDate: legacy("isDate", (arg) => types.isDate(arg), "DEP0047", " Please use `arg instanceof Date` instead."),
  isError: legacy("isError", isErrorValue, "DEP0048",
    "Please use `ObjectPrototypeToString(e) === \"[object Error]\" || e instanceof Error` instead."),
  isFunction: legacy("isFunction", (arg) => typeof arg === "function", "DEP0049", " Please use `typeof arg === \"function\"` instead."),
  isPrimitive: legacy("isPrimitive", (arg) => arg === null || (typeof arg !== "object" && typeof arg !== "function"), "DEP0054",
    "Please use `arg === null || (typeof arg !== \"object\" && typeof arg !== \"function\")` instead."),
  log: deprecate(function log(...args) {
    proc().stdout.write(`${timestamp()} - ${format(...args)}\n`);
  }, "The `util.log API is deprecated. Please use console.log() with a custom formatter or a third-party logger instead.",
  "DEP0059"),
  promisify,
  stripVTControlCharacters,
  toUSVString,
  transferableAbortSignal,
  transferableAbortController,
  aborted,
  types,
  parseEnv,
  parseArgs,
  TextDecoder: encoding.TextDecoder,
  TextEncoder: encoding.TextEncoder,
  MIMEType,
  MIMEParams,
  diff,
  setTraceSigInt() {},
});
