// web_streams_strategies.js - the two queuing strategies of the Streams
// standard (see web_streams.js): ByteLengthQueuingStrategy and
// CountQueuingStrategy. Loaded on first use.
"use strict";

const { codedError, invalidThis } = require("web_errors");
const { customInspect, finishClass, kInspect, validateObject } = require("web_streams_util");

// ======================================================= queuing strategies

const countSize = { size() { return 1; } }.size;
const byteLengthSize = { size(chunk) { return chunk.byteLength; } }.size;

function strategyInit(init) {
  validateObject(init, "init", false);
  const hwm = init.highWaterMark;
  if (hwm === undefined) throw codedError(TypeError, "ERR_MISSING_OPTION", "init.highWaterMark is required");
  return +hwm;
}

class ByteLengthQueuingStrategy {
  #hwm;

  constructor(init) {
    this.#hwm = strategyInit(init);
  }

  get highWaterMark() {
    if (!(#hwm in Object(this))) throw invalidThis("ByteLengthQueuingStrategy");
    return this.#hwm;
  }

  get size() {
    if (!(#hwm in Object(this))) throw invalidThis("ByteLengthQueuingStrategy");
    return byteLengthSize;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("ByteLengthQueuingStrategy", { highWaterMark: this.#hwm }, depth, options, inspect);
  }
}

finishClass(ByteLengthQueuingStrategy, ["highWaterMark", "size"]);

class CountQueuingStrategy {
  #hwm;

  constructor(init) {
    this.#hwm = strategyInit(init);
  }

  get highWaterMark() {
    if (!(#hwm in Object(this))) throw invalidThis("CountQueuingStrategy");
    return this.#hwm;
  }

  get size() {
    if (!(#hwm in Object(this))) throw invalidThis("CountQueuingStrategy");
    return countSize;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("CountQueuingStrategy", { highWaterMark: this.#hwm }, depth, options, inspect);
  }
}

finishClass(CountQueuingStrategy, ["highWaterMark", "size"]);

Object.assign(exports, { ByteLengthQueuingStrategy, CountQueuingStrategy });
