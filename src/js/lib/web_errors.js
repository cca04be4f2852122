// Node-style argument/receiver errors shared by the Web API files
// (event_target, abort, structured_clone, performance, web_crypto).
//
// Node throws plain TypeError/RangeError/Error objects that carry a `code`
// and a fixed message format; guests match on both, so the text below
// follows Node's wording exactly. Only the errors these files need are here.
"use strict";

// Node's coded errors inherit from a per-code prototype whose toString
// shows the code ("TypeError [ERR_X]: message") and which has no
// constructor of its own (so `err.constructor` is still the base class).
const codedPrototypes = new Map();

function codedPrototype(Ctor, code) {
  const key = `${Ctor.name} ${code}`;
  let proto = codedPrototypes.get(key);
  if (proto === undefined) {
    proto = Object.create(Ctor.prototype);
    Object.defineProperty(proto, "toString", {
      value: function toString() {
        return `${this.name} [${code}]: ${this.message}`;
      },
      writable: true,
      enumerable: false,
      configurable: true,
    });
    codedPrototypes.set(key, proto);
  }
  return proto;
}

// Build `new Ctor(message)` with Node's enumerable `code` property.
function codedError(Ctor, code, message) {
  const err = new Ctor(message);
  Object.setPrototypeOf(err, codedPrototype(Ctor, code));
  err.code = code;
  return err;
}

// The errors Node's WebIDL conversions throw: a plain TypeError (no coded
// prototype) that still carries a `code`.
function webidlError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

// --- rendering of the offending value, as Node's messages show it --------

// util.inspect() as the runtime provides it, if it does.
function runtimeInspect(value, options) {
  try {
    const { inspect } = require("inspect");
    if (typeof inspect === "function") return inspect(value, options);
  } catch {
    // fall through to the approximations below
  }
  return undefined;
}

// Quote a string the way util.inspect does: single quotes unless the
// string holds one (then double quotes, then backticks), with control
// characters, backslashes and the chosen quote escaped.
function quoteString(str) {
  let quote = "'";
  if (str.includes("'")) {
    if (!str.includes('"')) quote = '"';
    else if (!str.includes("`") && !str.includes("${")) quote = "`";
  }
  let out = "";
  for (let i = 0; i < str.length; i++) {
    const ch = str[i];
    const c = str.charCodeAt(i);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (c === 0x08) out += "\\b";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0c) out += "\\f";
    else if (c === 0x0d) out += "\\r";
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      out += "\\x" + c.toString(16).toUpperCase().padStart(2, "0");
    } else out += ch;
  }
  return quote + out + quote;
}

// util.inspect() of a value, for messages that show it in full.
function inspectValue(value) {
  const shown = runtimeInspect(value, {});
  if (typeof shown === "string") return shown;
  switch (typeof value) {
    case "string":
      return quoteString(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "symbol":
    case "boolean":
    case "undefined":
      return String(value);
    case "function":
      return `[Function: ${value.name || "(anonymous)"}]`;
    default:
      return value === null ? "null" : "[Object]";
  }
}

// How Node's ERR_INVALID_ARG_TYPE names the value it received.
function describeReceived(value) {
  if (value == null) return ` Received ${value}`;
  switch (typeof value) {
    case "function":
      return ` Received function ${value.name}`;
    case "object": {
      const ctor = value.constructor;
      if (ctor && (typeof ctor === "object" || typeof ctor === "function") && "name" in ctor) {
        return ` Received an instance of ${ctor.name}`;
      }
      const shown = runtimeInspect(value, { depth: -1 });
      if (typeof shown === "string") return ` Received ${shown}`;
      // What util.inspect prints at depth -1.
      const empty = Reflect.ownKeys(value).length === 0;
      if (Object.getPrototypeOf(value) === null) {
        return empty ? " Received [Object: null prototype] {}" : " Received [Object: null prototype]";
      }
      return empty ? " Received {}" : " Received [Object]";
    }
    case "string": {
      // Cut first, then quote: no escaping, JSON quoting if a ' is inside.
      const text = value.length > 28 ? `${value.slice(0, 25)}...` : value;
      return ` Received type string (${text.includes("'") ? JSON.stringify(text) : `'${text}'`})`;
    }
    case "number":
      return ` Received type number (${Object.is(value, -0) ? "-0" : value})`;
    case "bigint":
      return ` Received type bigint (${value}n)`;
    default:
      return ` Received type ${typeof value} (${String(value)})`;
  }
}

// --- the errors -----------------------------------------------------------

// ERR_INVALID_ARG_TYPE. `expected` is the tail after "must be ", e.g.
// "of type object" or "an instance of AbortSignal". A dotted name is a
// property ("options.signal"), as in Node.
function invalidArgType(name, expected, actual) {
  const kind = name.includes(".") ? "property" : "argument";
  return codedError(
    TypeError,
    "ERR_INVALID_ARG_TYPE",
    `The "${name}" ${kind} must be ${expected}.${describeReceived(actual)}`,
  );
}

// ERR_MISSING_ARGS for one or more argument names.
function missingArgs(...names) {
  let list;
  if (names.length === 1) list = `"${names[0]}" argument`;
  else if (names.length === 2) list = `"${names[0]}" and "${names[1]}" arguments`;
  else {
    const quoted = names.map((n) => `"${n}"`);
    list = `${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1]} arguments`;
  }
  return codedError(TypeError, "ERR_MISSING_ARGS", `The ${list} must be specified`);
}

// ERR_INVALID_THIS, thrown by getters and methods called on a foreign object.
function invalidThis(typeName) {
  return codedError(
    TypeError,
    "ERR_INVALID_THIS",
    `Value of "this" must be of type ${typeName}`,
  );
}

// ERR_ILLEGAL_CONSTRUCTOR, for interfaces the guest may not construct.
function illegalConstructor() {
  return codedError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
}

// ERR_INVALID_ARG_VALUE: "The argument 'name' is invalid. Received 'x'".
function invalidArgValue(name, value) {
  let shown = inspectValue(value);
  if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
  const kind = name.includes(".") ? "property" : "argument";
  return codedError(
    TypeError,
    "ERR_INVALID_ARG_VALUE",
    `The ${kind} '${name}' is invalid. Received ${shown}`,
  );
}

// Node writes big integers in range errors with "_" digit separators.
function withSeparators(value) {
  let digits = String(value);
  const sign = digits[0] === "-" ? "-" : "";
  if (sign) digits = digits.slice(1);
  let out = "";
  while (digits.length > 3) {
    out = `_${digits.slice(-3)}${out}`;
    digits = digits.slice(0, -3);
  }
  return sign + digits + out;
}

// ERR_OUT_OF_RANGE: `The value of "name" is out of range. It must be RANGE. Received X`.
function outOfRange(name, range, value) {
  let shown;
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32) shown = withSeparators(value);
  else if (typeof value === "bigint") {
    shown = value > 2n ** 32n || value < -(2n ** 32n) ? `${withSeparators(value)}n` : `${value}n`;
  } else shown = inspectValue(value);
  return codedError(
    RangeError,
    "ERR_OUT_OF_RANGE",
    `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`,
  );
}

// Node's validateObject(value, name) with no allowances: a non-null,
// non-array object (functions are refused too).
function validatePlainObjectArg(value, name) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidArgType(name, "of type object", value);
  }
}

// Node's validateUint32(value, name, positive = false).
function validateUint32(value, name) {
  if (typeof value !== "number") throw invalidArgType(name, "of type number", value);
  if (!Number.isInteger(value)) throw outOfRange(name, "an integer", value);
  if (value < 0 || value > 4294967295) {
    throw outOfRange(name, ">= 0 && <= 4294967295", value);
  }
}

// Node's validateInt32(value, name, min, max).
function validateInt32(value, name, min = -2147483648, max = 2147483647) {
  if (typeof value !== "number") throw invalidArgType(name, "of type number", value);
  if (!Number.isInteger(value)) throw outOfRange(name, "an integer", value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

exports.codedError = codedError;
exports.validateInt32 = validateInt32;
exports.webidlError = webidlError;
exports.describeReceived = describeReceived;
exports.inspectValue = inspectValue;
exports.invalidArgType = invalidArgType;
exports.missingArgs = missingArgs;
exports.invalidThis = invalidThis;
exports.illegalConstructor = illegalConstructor;
exports.invalidArgValue = invalidArgValue;
exports.outOfRange = outOfRange;
exports.validatePlainObjectArg = validatePlainObjectArg;
exports.validateUint32 = validateUint32;
