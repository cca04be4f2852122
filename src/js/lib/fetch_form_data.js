// fetch_form_data.js - the FormData class of the Fetch API (see fetch.js):
// its entry list; serializing and parsing multipart/form-data bodies are
// fetch_body.js.
"use strict";

const {
  BlobClass, FileClass, checkArgs, exception, illegalInvocation, inspectFn, isBlobLike, isFileLike,
  isObject, iteratorMixin, kInspect, nestedOptions, setEnumerable, setTag, toUSVString,
} = require("fetch_util");

// --- FormData ----------------------------------------------------------------

let isFormData;
let entriesOf;
let setEntries;

// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#create-an-entry
function makeEntry(name, value, filename) {
  if (typeof value !== "string") {
    const File = FileClass();
    if (!isFileLike(value) && value instanceof (BlobClass())) {
      value = new File([value], "blob", { type: value.type });
    }
    if (filename !== undefined && value instanceof (BlobClass())) {
      value = new File([value], filename, { type: value.type, lastModified: value.lastModified });
    }
  }
  return { name, value };
}

class FormData {
  #entries = [];

  constructor(form) {
    if (form !== undefined) {
      throw exception("FormData constructor", "Argument 1 could not be converted to: undefined.");
    }
  }

  append(name, value, filename = undefined) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "FormData.append");
    if (arguments.length === 3 && !isBlobLike(value)) {
      throw new TypeError("Failed to execute 'append' on 'FormData': parameter 2 is not of type 'Blob'");
    }
    name = toUSVString(name);
    value = isBlobLike(value) ? value : toUSVString(value);
    filename = arguments.length === 3 ? toUSVString(filename) : undefined;
    this.#entries.push(makeEntry(name, value, filename));
  }

  delete(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.delete");
    name = toUSVString(name);
    this.#entries = this.#entries.filter((entry) => entry.name !== name);
  }

  get(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.get");
    name = toUSVString(name);
    const entry = this.#entries.find((e) => e.name === name);
    return entry === undefined ? null : entry.value;
  }

  getAll(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.getAll");
    name = toUSVString(name);
    return this.#entries.filter((e) => e.name === name).map((e) => e.value);
  }

  has(name) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 1, "FormData.has");
    name = toUSVString(name);
    return this.#entries.some((e) => e.name === name);
  }

  set(name, value, filename = undefined) {
    if (!isFormData(this)) throw illegalInvocation();
    checkArgs(arguments.length, 2, "FormData.set");
    if (arguments.length === 3 && !isBlobLike(value)) {
      throw new TypeError("Failed to execute 'set' on 'FormData': parameter 2 is not of type 'Blob'");
    }
    name = toUSVString(name);
    value = isBlobLike(value) ? value : toUSVString(value);
    filename = arguments.length === 3 ? toUSVString(filename) : undefined;
    const entry = makeEntry(name, value, filename);
    const list = this.#entries;
    const idx = list.findIndex((e) => e.name === name);
    if (idx === -1) list.push(entry);
    else this.#entries = [...list.slice(0, idx), entry, ...list.slice(idx + 1).filter((e) => e.name !== name)];
  }

  [kInspect](depth, options, inspect) {
    const state = { __proto__: null };
    for (const { name, value } of this.#entries) {
      if (state[name]) {
        if (Array.isArray(state[name])) state[name].push(value);
        else state[name] = [state[name], value];
      } else {
        state[name] = value;
      }
    }
    const fn = typeof inspect === "function" ? inspect : inspectFn();
    const out = fn(state, nestedOptions(options, depth));
    return `FormData ${out.slice(out.indexOf("]") + 2)}`;
  }

  static {
    isFormData = (o) => isObject(o) && #entries in o;
    entriesOf = (f) => f.#entries;
    setEntries = (f, list) => { f.#entries = list; };
  }
}

iteratorMixin("FormData", FormData, (o) => isFormData(o), (f) => entriesOf(f), "name", "value");
setEnumerable(FormData.prototype, ["append", "delete", "get", "getAll", "has", "set"]);
setTag(FormData.prototype, "FormData");

Object.assign(exports, { FormData, makeEntry, setEntries });
