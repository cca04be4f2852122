// web_streams_encoding.js - TextEncoderStream and TextDecoderStream (see
// web_streams.js), transform streams over encoding.js. Loaded on first use.
"use strict";

const { codedError, invalidThis } = require("web_errors");
const {
  customInspect, encoder, finishClass, isArrayBufferView, kInspect,
} = require("web_streams_util");
const { TransformStream } = require("web_streams_transform");

// ========================================================= encoding streams

class TextEncoderStream {
  #ts;
  #pending = ""; // a high surrogate waiting for its pair

  constructor() {
    const self = this;
    this.#ts = new TransformStream({
      transform(chunk, controller) {
        let s = `${chunk}`;
        if (self.#pending !== "") {
          s = self.#pending + s;
          self.#pending = "";
        }
        if (s.length === 0) return;
        const last = s.charCodeAt(s.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          self.#pending = s[s.length - 1];
          s = s.slice(0, -1);
          if (s.length === 0) return;
        }
        controller.enqueue(encoder().encode(s));
      },
      flush(controller) {
        if (self.#pending !== "") controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
      },
    });
  }

  get encoding() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return "utf-8";
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("TextEncoderStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    return customInspect("TextEncoderStream", {
      encoding: "utf-8",
      readable: this.#ts.readable,
      writable: this.#ts.writable,
    }, depth, options, inspect);
  }
}

finishClass(TextEncoderStream, ["encoding", "readable", "writable"], undefined, false);

const STREAM = { stream: true };

class TextDecoderStream {
  #ts;
  #decoder;

  constructor(encoding = "utf-8", options = undefined) {
    const decoder = new (require("encoding").TextDecoder)(encoding, options);
    this.#decoder = decoder;
    this.#ts = new TransformStream({
      transform(chunk, controller) {
        if (!isArrayBufferView(chunk) && !(chunk instanceof ArrayBuffer) &&
            !(typeof SharedArrayBuffer === "function" && chunk instanceof SharedArrayBuffer)) {
          throw codedError(TypeError, "ERR_INVALID_ARG_TYPE",
            'The "input" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
        }
        const text = decoder.decode(chunk, STREAM);
        if (text.length > 0) controller.enqueue(text);
      },
      flush(controller) {
        const text = decoder.decode();
        if (text.length > 0) controller.enqueue(text);
      },
    });
  }

  get encoding() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.encoding;
  }

  get fatal() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.fatal;
  }

  get ignoreBOM() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#decoder.ignoreBOM;
  }

  get readable() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#ts.readable;
  }

  get writable() {
    if (!(#ts in Object(this))) throw invalidThis("TextDecoderStream");
    return this.#ts.writable;
  }

  [kInspect](depth, options, inspect) {
    const d = this.#decoder;
    return customInspect("TextDecoderStream", {
      encoding: d.encoding,
      fatal: d.fatal,
      ignoreBOM: d.ignoreBOM,
      readable: this.#ts.readable,
      writable: this.#ts.writable,
    }, depth, options, inspect);
  }
}

finishClass(TextDecoderStream, ["encoding", "fatal", "ignoreBOM", "readable", "writable"], undefined, false);

Object.assign(exports, { TextEncoderStream, TextDecoderStream });
