// DOMException (WebIDL), shaped like Node's global of the same name:
// name/message/code are enumerable prototype getters over private state,
// the legacy code constants sit on the constructor and the prototype, the
// prototype chains to Error.prototype (so `instanceof Error` holds), and
// each instance carries an own `stack` captured at construction.
"use strict";

// WebIDL "error names" table: name -> legacy code. Names not listed
// (including the legacy-only DOMStringSizeError, NoDataAllowedError and
// ValidationError, as in Node) have code 0.
const legacyCodes = new Map([
  ["IndexSizeError", 1],
  ["HierarchyRequestError", 3],
  ["WrongDocumentError", 4],
  ["InvalidCharacterError", 5],
  ["NoModificationAllowedError", 7],
  ["NotFoundError", 8],
  ["NotSupportedError", 9],
  ["InUseAttributeError", 10],
  ["InvalidStateError", 11],
  ["SyntaxError", 12],
  ["InvalidModificationError", 13],
  ["NamespaceError", 14],
  ["InvalidAccessError", 15],
  ["TypeMismatchError", 17],
  ["SecurityError", 18],
  ["NetworkError", 19],
  ["AbortError", 20],
  ["URLMismatchError", 21],
  ["QuotaExceededError", 22],
  ["TimeoutError", 23],
  ["InvalidNodeTypeError", 24],
  ["DataCloneError", 25],
]);

// The legacy constants, in their numeric order.
const constants = [
  "INDEX_SIZE_ERR", "DOMSTRING_SIZE_ERR", "HIERARCHY_REQUEST_ERR",
  "WRONG_DOCUMENT_ERR", "INVALID_CHARACTER_ERR", "NO_DATA_ALLOWED_ERR",
  "NO_MODIFICATION_ALLOWED_ERR", "NOT_FOUND_ERR", "NOT_SUPPORTED_ERR",
  "INUSE_ATTRIBUTE_ERR", "INVALID_STATE_ERR", "SYNTAX_ERR",
  "INVALID_MODIFICATION_ERR", "NAMESPACE_ERR", "INVALID_ACCESS_ERR",
  "VALIDATION_ERR", "TYPE_MISMATCH_ERR", "SECURITY_ERR", "NETWORK_ERR",
  "ABORT_ERR", "URL_MISMATCH_ERR", "QUOTA_EXCEEDED_ERR", "TIMEOUT_ERR",
  "INVALID_NODE_TYPE_ERR", "DATA_CLONE_ERR",
];

// Node's DOMException words this error without "type" (unlike ERR_INVALID_THIS
// elsewhere), so it is built here rather than taken from web_errors.
function invalidThis() {
  const err = new TypeError('Value of "this" must be of DOMException');
  err.code = "ERR_INVALID_THIS";
  return err;
}

class DOMException {
  #name;
  #message;

  constructor(message = "", options = "Error") {
    const msg = `${message}`;
    let name;
    let hasCause = false;
    let cause;
    if (options !== null && typeof options === "object") {
      // The options form: { name, cause }. Like Node, a missing name reads
      // as the string "undefined" rather than defaulting to "Error".
      if ("cause" in options) {
        hasCause = true;
        cause = options.cause;
      }
      name = `${options.name}`;
    } else {
      name = `${options}`;
    }
    this.#message = msg;
    this.#name = name;

    // Capture the stack after the name and message are set: engines that
    // write a "Name: message" header read them through the getters.
    if (typeof Error.captureStackTrace === "function") {
      Error.captureStackTrace(this);
    } else {
      Object.defineProperty(this, "stack", {
        value: new Error().stack,
        writable: true,
        enumerable: false,
        configurable: true,
      });
    }
    if (hasCause) {
      Object.defineProperty(this, "cause", {
        value: cause,
        writable: true,
        enumerable: false,
        configurable: true,
      });
    }
  }

  get name() {
    if (!(#name in Object(this))) throw invalidThis();
    return this.#name;
  }

  get message() {
    if (!(#name in Object(this))) throw invalidThis();
    return this.#message;
  }

  get code() {
    if (!(#name in Object(this))) throw invalidThis();
    return legacyCodes.get(this.#name) || 0;
  }

  // Brand check for other files (structured_clone): true for real instances.
  static isDOMException(value) {
    return value !== null && typeof value === "object" && #name in value;
  }
}

// Internal helper, not part of the guest-visible class.
const isDOMException = DOMException.isDOMException;
delete DOMException.isDOMException;

// Inherit from Error.prototype without `extends Error`: that would make
// instances real Error objects with engine-owned own properties (message,
// line, column...), which Node's DOMException does not have.
Object.setPrototypeOf(DOMException.prototype, Error.prototype);

for (const key of ["name", "message", "code"]) {
  const desc = Object.getOwnPropertyDescriptor(DOMException.prototype, key);
  desc.enumerable = true;
  Object.defineProperty(DOMException.prototype, key, desc);
}

for (let i = 0; i < constants.length; i++) {
  const desc = { value: i + 1, writable: false, enumerable: true, configurable: false };
  Object.defineProperty(DOMException, constants[i], desc);
  Object.defineProperty(DOMException.prototype, constants[i], desc);
}

Object.defineProperty(DOMException.prototype, Symbol.toStringTag, {
  value: "DOMException",
  writable: false,
  enumerable: false,
  configurable: true,
});

exports.DOMException = DOMException;
exports.isDOMException = isDOMException;
