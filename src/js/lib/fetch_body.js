// fetch_body.js - the bodies of the Fetch API (see fetch.js and its head
// comment): body producers, body records and their streams, extracting a
// body from a BodyInit (multipart/form-data written out), parsing
// multipart/form-data, and the Body mixin (text(), json(), formData(), ...)
// shared by Request and Response.
"use strict";

const {
  BlobClass, FileClass, URLSearchParamsClass, abortError, disturbedStreams, extractMimeType,
  illegalInvocation, isArrayBuffer, isBlobLike, isFormDataLike, isObject, isReadableStream,
  isStreamDisturbed, isURLSearchParams, mimeTokenRe, serializeMIMEType, streamInternals, utf8Decode,
  utf8DecodeKeepBOM, utf8Encode,
} = require("fetch_util");
const { FormData, makeEntry, setEntries } = require("fetch_form_data");

// --- body producers ----------------------------------------------------------

const done = Object.freeze({ done: true, value: undefined });

// A producer of one byte sequence (a fresh copy each time: a byte stream
// takes the buffers it is given).
function bytesProducer(bytes) {
  let sent = false;
  return {
    next() {
      if (sent || bytes.length === 0) return Promise.resolve(done);
      sent = true;
      // `last`: a byte stream closes right after this chunk, as undici's does.
      return Promise.resolve({ done: false, value: bytes.slice(), last: true });
    },
    cancel() {
      sent = true;
      return Promise.resolve();
    },
  };
}

function blobBytes(blob) {
  if (blob instanceof (BlobClass())) return Reflect.apply(BlobClass().prototype.bytes, blob, []);
  if (typeof blob.bytes === "function") return Promise.resolve(blob.bytes()).then((b) => new Uint8Array(b));
  return Promise.resolve(blob.arrayBuffer()).then((ab) => new Uint8Array(ab));
}

// Byte arrays and Blobs, one after the other (a multipart body, a Blob).
function partsProducer(parts) {
  let index = 0;
  let canceled = false;
  const next = () => {
    while (!canceled && index < parts.length) {
      const part = parts[index++];
      if (part instanceof Uint8Array) {
        if (part.length !== 0) return Promise.resolve({ done: false, value: part.slice() });
      } else {
        return blobBytes(part).then((bytes) => (bytes.length !== 0 ? { done: false, value: bytes } : next()));
      }
    }
    return Promise.resolve(done);
  };
  return {
    next,
    cancel() {
      canceled = true;
      return Promise.resolve();
    },
  };
}

// An async iterable's values, as Buffer.from() turns them into bytes.
function iterableProducer(iterable) {
  let iterator = null;
  const next = async () => {
    iterator ??= iterable[Symbol.asyncIterator]();
    for (;;) {
      const { done: finished, value } = await iterator.next();
      if (finished) return done;
      const buf = require("node_buffer").Buffer.from(value);
      if (buf.byteLength !== 0) return { done: false, value: new Uint8Array(buf) };
    }
  };
  return {
    next,
    async cancel() {
      if (iterator !== null && typeof iterator.return === "function") await iterator.return();
    },
  };
}

// Two producers reading one: each chunk goes to both (a copy to the second).
function teeProducer(source) {
  let pending = null;
  let finished = false;
  let failure = null;
  let failed = false;
  let canceled = 0;
  const branches = [];
  const pull = () => {
    pending ??= source.next().then((r) => {
      pending = null;
      if (r.done) finished = true;
      else {
        if (!branches[0].canceled) branches[0].queue.push(r.value);
        if (!branches[1].canceled) branches[1].queue.push(r.value.slice());
      }
    }, (err) => {
      pending = null;
      failed = true;
      failure = err;
    });
    return pending;
  };
  const make = () => {
    const branch = {
      queue: [],
      canceled: false,
      next() {
        if (branch.queue.length !== 0) return Promise.resolve({ done: false, value: branch.queue.shift() });
        if (failed) return Promise.reject(failure);
        if (finished || branch.canceled) return Promise.resolve(done);
        return pull().then(() => branch.next());
      },
      cancel(reason) {
        if (branch.canceled) return Promise.resolve();
        branch.canceled = true;
        branch.queue = [];
        if (++canceled === 2) return Promise.resolve(source.cancel(reason));
        return Promise.resolve();
      },
    };
    branches.push(branch);
    return branch;
  };
  return [make(), make()];
}

// --- bodies ------------------------------------------------------------------

function makeBody(source, length, factory, producer, stream) {
  return { source, length, factory, producer, stream, consumed: false };
}

function takeProducer(body) {
  if (body.producer === null) body.producer = body.factory();
  return body.producer;
}

function readableStreamClass() {
  let ws;
  try {
    ws = require("web_streams");
  } catch {
    ws = null;
  }
  if (ws === null || typeof ws.ReadableStream !== "function") {
    const err = new Error("ReadableStream is not available in this runtime yet; use text(), json(), arrayBuffer(), bytes(), blob() or formData()");
    err.code = "ERR_NOT_AVAILABLE";
    throw err;
  }
  return ws.ReadableStream;
}

// A byte stream over a producer (highWaterMark 0: nothing is pulled
// before a read).
function makeByteStream(producer) {
  const ReadableStream = readableStreamClass();
  const pull = (controller) => {
    return producer.next().then((r) => {
      if (r.done) {
        controller.close();
        controller.byobRequest?.respond(0);
      } else {
        controller.enqueue(r.value);
        if (r.last) {
          queueMicrotask(() => {
            try {
              controller.close();
              controller.byobRequest?.respond(0);
            } catch {
              // cancelled meanwhile
            }
          });
        }
      }
    });
  };
  const cancel = (reason) => producer.cancel(reason);
  const internals = streamInternals();
  if (internals !== null && typeof internals.newByteStream === "function") return internals.newByteStream(pull, cancel, 0);
  return new ReadableStream({ type: "bytes", pull, cancel }, { highWaterMark: 0 });
}

// The stream of a body whose bytes were read without one: closed, locked
// and disturbed, as undici's is after text().
function consumedStream() {
  const ReadableStream = readableStreamClass();
  const stream = new ReadableStream({ start(controller) { controller.close(); } });
  const reader = stream.getReader();
  reader.read().catch(() => {});
  disturbedStreams.add(stream);
  return stream;
}

function bodyStream(body) {
  if (body.stream === null) {
    body.stream = body.consumed ? consumedStream() : makeByteStream(takeProducer(body));
  }
  return body.stream;
}

function bodyDisturbed(body) {
  if (body.consumed) return true;
  return body.stream !== null && isStreamDisturbed(body.stream);
}

// https://fetch.spec.whatwg.org/#body-unusable
function bodyUnusable(body) {
  return body != null && (bodyDisturbed(body) || (body.stream !== null && body.stream.locked));
}

// The chunks as one array (the only chunk itself when `owned`).
function concatBytes(chunks, total, owned) {
  if (owned && chunks.length === 1 && chunks[0].byteOffset === 0 && chunks[0].byteLength === chunks[0].buffer.byteLength) {
    return chunks[0];
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// https://fetch.spec.whatwg.org/#body-fully-read
async function readAllBytes(body) {
  const chunks = [];
  let total = 0;
  if (body.stream !== null) {
    const reader = body.stream.getReader();
    disturbedStreams.add(body.stream);
    body.consumed = true;
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      if (!(value instanceof Uint8Array)) throw new TypeError("Received non-Uint8Array chunk");
      chunks.push(value);
      total += value.length;
    }
  } else {
    body.consumed = true;
    const producer = takeProducer(body);
    for (;;) {
      const { done: finished, value } = await producer.next();
      if (finished) break;
      chunks.push(value);
      total += value.length;
    }
  }
  // A guest's stream may hand out arrays the guest still holds.
  return concatBytes(chunks, total, body.stream === null);
}

// https://fetch.spec.whatwg.org/#concept-body-clone
function cloneBody(body) {
  if (body.stream !== null) {
    const [out1, out2] = body.stream.tee();
    body.stream = out1;
    return makeBody(body.source, body.length, body.factory, null, out2);
  }
  if (body.producer === null) return makeBody(body.source, body.length, body.factory, null, null);
  const [p1, p2] = teeProducer(body.producer);
  body.producer = p1;
  return makeBody(body.source, body.length, null, p2, null);
}

function cancelBody(body, reason) {
  if (body === null || body.consumed && body.stream === null) return;
  if (body.stream !== null) {
    if (!body.stream.locked) body.stream.cancel(reason).catch(() => {});
  } else if (body.producer !== null) {
    body.producer.cancel(reason);
  }
}

function randomDigits(n) {
  const bytes = new Uint8Array(n * 2);
  host.randomFill(bytes);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < n; i++) if (bytes[i] < 250) out += bytes[i] % 10;
  while (out.length < n) out += "0";
  return out;
}

const CRLF = new Uint8Array([13, 10]);

// The multipart/form-data encoding of a FormData, as undici writes it.
function multipartParts(formData) {
  const boundary = `----formdata-undici-0${randomDigits(11)}`;
  const prefix = `--${boundary}\r\nContent-Disposition: form-data`;
  const escape = (str) => str.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
  const normalizeLinefeeds = (value) => value.replace(/\r?\n|\r/g, "\r\n");
  const parts = [];
  let length = 0;
  let unknownSize = false;
  for (const [name, value] of formData) {
    if (typeof value === "string") {
      const chunk = utf8Encode(`${prefix}; name="${escape(normalizeLinefeeds(name))}"` +
        `\r\n\r\n${normalizeLinefeeds(value)}\r\n`);
      parts.push(chunk);
      length += chunk.byteLength;
    } else {
      const chunk = utf8Encode(`${prefix}; name="${escape(normalizeLinefeeds(name))}"` +
        (value.name ? `; filename="${escape(value.name)}"` : "") + "\r\n" +
        `Content-Type: ${value.type || "application/octet-stream"}\r\n\r\n`);
      parts.push(chunk, value, CRLF);
      if (typeof value.size === "number") length += chunk.byteLength + value.size + CRLF.byteLength;
      else unknownSize = true;
    }
  }
  const end = utf8Encode(`--${boundary}--\r\n`);
  parts.push(end);
  length += end.byteLength;
  return { parts, length: unknownSize ? null : length, type: `multipart/form-data; boundary=${boundary}` };
}

// https://fetch.spec.whatwg.org/#concept-bodyinit-extract -> [body, type]
function extractBody(object, keepalive = false) {
  let source = null;
  let length = null;
  let type = null;
  let factory = null;
  let producer = null;
  let stream = null;
  let bytes = null;
  if (typeof object === "string") {
    source = object;
    bytes = utf8Encode(object);
    type = "text/plain;charset=UTF-8";
  } else if (isURLSearchParams(object)) {
    source = object.toString();
    bytes = utf8Encode(source);
    type = "application/x-www-form-urlencoded;charset=UTF-8";
  } else if (isArrayBuffer(object)) {
    source = bytes = new Uint8Array(object.slice(0));
  } else if (ArrayBuffer.isView(object)) {
    source = bytes = new Uint8Array(object.buffer.slice(object.byteOffset, object.byteOffset + object.byteLength));
  } else if (isFormDataLike(object)) {
    const multipart = multipartParts(object);
    source = object;
    length = multipart.length;
    type = multipart.type;
    factory = () => partsProducer(multipart.parts);
  } else if (isBlobLike(object)) {
    source = object;
    length = object.size;
    if (object.type) type = object.type;
    factory = () => partsProducer([object]);
  } else if (isObject(object) && typeof object[Symbol.asyncIterator] === "function") {
    if (keepalive) throw new TypeError("keepalive");
    if (isReadableStream(object)) {
      if (isStreamDisturbed(object) || object.locked) {
        throw new TypeError("Response body object should not be disturbed or locked");
      }
      stream = object;
    } else {
      if (object.locked) throw new TypeError("Response body object should not be disturbed or locked");
      producer = iterableProducer(object);
    }
  }
  if (bytes !== null) {
    length = bytes.byteLength;
    factory = () => bytesProducer(bytes);
  }
  return [makeBody(source, length, factory, producer, stream), type];
}

// A body that can be sent again (a redirect): a fresh one from its source.
function reextractBody(body) {
  return makeBody(body.source, body.length, body.factory, null, null);
}

// --- multipart/form-data parsing ---------------------------------------------

const latin1 = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return s;
};

function startsWithAt(input, bytes, at) {
  if (input.length < bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (input[at + i] !== bytes[i]) return false;
  return true;
}

function indexOfBytes(input, needle, from) {
  const first = needle[0];
  const last = input.length - needle.length;
  outer: for (let i = from; i <= last; i++) {
    if (input[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (input[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function collectBytes(input, pos, condition) {
  const start = pos.i;
  while (pos.i < input.length && condition(input[pos.i])) pos.i++;
  return input.subarray(start, pos.i);
}

function trimBytes(buf, leading, trailing) {
  const ws = (c) => c === 0x09 || c === 0x20;
  let lead = 0;
  let trail = buf.length - 1;
  if (leading) while (lead < buf.length && ws(buf[lead])) lead++;
  if (trailing) while (trail > 0 && ws(buf[trail])) trail--;
  return lead === 0 && trail === buf.length - 1 ? buf : buf.subarray(lead, trail + 1);
}

const formDataNameBytes = [...'form-data; name="'].map((c) => c.charCodeAt(0));
const filenameBytes = [..."; filename"].map((c) => c.charCodeAt(0));

function parseMultipartName(input, pos) {
  const name = collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d && c !== 0x22);
  if (input[pos.i] !== 0x22) return null;
  pos.i++;
  return utf8Decode(name).replace(/%0A/ig, "\n").replace(/%0D/ig, "\r").replace(/%22/g, '"');
}

function parseMultipartHeaders(input, pos) {
  let name = null;
  let filename = null;
  let contentType = null;
  let encoding = null;
  for (;;) {
    if (input[pos.i] === 0x0d && input[pos.i + 1] === 0x0a) {
      if (name === null) return "failure";
      return { name, filename, contentType, encoding };
    }
    let headerName = collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d && c !== 0x3a);
    headerName = trimBytes(headerName, true, true);
    if (!mimeTokenRe.test(latin1(headerName))) return "failure";
    if (input[pos.i] !== 0x3a) return "failure";
    pos.i++;
    collectBytes(input, pos, (c) => c === 0x20 || c === 0x09);
    switch (latin1(headerName).toLowerCase()) {
      case "content-disposition": {
        name = filename = null;
        if (!startsWithAt(input, formDataNameBytes, pos.i)) return "failure";
        pos.i += 17;
        name = parseMultipartName(input, pos);
        if (name === null) return "failure";
        if (startsWithAt(input, filenameBytes, pos.i)) {
          let check = pos.i + filenameBytes.length;
          if (input[check] === 0x2a) {
            pos.i += 1;
            check += 1;
          }
          if (input[check] !== 0x3d || input[check + 1] !== 0x22) return "failure";
          pos.i += 12;
          filename = parseMultipartName(input, pos);
          if (filename === null) return "failure";
        }
        break;
      }
      case "content-type":
        contentType = latin1(trimBytes(collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d), false, true));
        break;
      case "content-transfer-encoding":
        encoding = latin1(trimBytes(collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d), false, true));
        break;
      default:
        collectBytes(input, pos, (c) => c !== 0x0a && c !== 0x0d);
    }
    if (input[pos.i] !== 0x0d && input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
  }
}

// The multipart/form-data parser (undici's reading of it) -> entries.
function parseMultipart(input, mimeType) {
  const boundaryString = mimeType.parameters.get("boundary");
  if (boundaryString === undefined) return "failure";
  const boundary = utf8Encode(`--${boundaryString}`);
  const bare = boundary.subarray(2);
  const entries = [];
  const pos = { i: 0 };
  while (input[pos.i] === 0x0d && input[pos.i + 1] === 0x0a) pos.i += 2;
  let trailing = input.length;
  while (input[trailing - 1] === 0x0a && input[trailing - 2] === 0x0d) trailing -= 2;
  if (trailing !== input.length) input = input.subarray(0, trailing);
  const File = FileClass();
  for (;;) {
    if (pos.i + boundary.length <= input.length && startsWithAt(input, boundary, pos.i)) pos.i += boundary.length;
    else return "failure";
    if ((pos.i === input.length - 2 && input[pos.i] === 0x2d && input[pos.i + 1] === 0x2d) ||
        (pos.i === input.length - 4 && input[pos.i] === 0x2d && input[pos.i + 1] === 0x2d &&
         input[pos.i + 2] === 0x0d && input[pos.i + 3] === 0x0a)) {
      return entries;
    }
    if (input[pos.i] !== 0x0d || input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
    const result = parseMultipartHeaders(input, pos);
    if (result === "failure") return "failure";
    let { name, filename, contentType, encoding } = result;
    pos.i += 2;
    const at = indexOfBytes(input, bare, pos.i);
    if (at === -1) return "failure";
    let body = input.subarray(pos.i, Math.max(pos.i, at - 4));
    pos.i += body.length;
    if (encoding === "base64") body = require("node_buffer").Buffer.from(latin1(body), "base64");
    if (input[pos.i] !== 0x0d || input[pos.i + 1] !== 0x0a) return "failure";
    pos.i += 2;
    let value;
    if (filename !== null) {
      contentType ??= "text/plain";
      if (/[^\x00-\x7f]/.test(contentType)) contentType = "";
      value = new File([body], filename, { type: contentType });
    } else {
      value = utf8Decode(body);
    }
    entries.push(makeEntry(name, value, filename === null ? undefined : filename));
  }
}

// --- the Body mixin ----------------------------------------------------------

// https://fetch.spec.whatwg.org/#concept-body-mime-type
function bodyMimeType(state) {
  const mime = extractMimeType(state.headersList);
  return mime === "failure" ? null : mime;
}

async function consumeBody(object, brand, convert) {
  if (!brand.is(object)) throw illegalInvocation();
  const state = brand.state(object);
  if (bodyUnusable(state.body)) throw new TypeError("Body is unusable: Body has already been read");
  if (state.aborted) throw abortError();
  if (state.body == null) return convert(new Uint8Array(0), state);
  return convert(await readAllBytes(state.body), state);
}

function formDataFromBytes(bytes, state) {
  const mime = bodyMimeType(state);
  if (mime !== null) {
    if (mime.essence === "multipart/form-data") {
      const parsed = parseMultipart(bytes, mime);
      if (parsed === "failure") throw new TypeError("Failed to parse body as FormData.");
      const fd = new FormData();
      setEntries(fd, parsed);
      return fd;
    }
    if (mime.essence === "application/x-www-form-urlencoded") {
      const entries = new (URLSearchParamsClass())(utf8DecodeKeepBOM(bytes));
      const fd = new FormData();
      for (const [name, value] of entries) fd.append(name, value);
      return fd;
    }
  }
  throw new TypeError('Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".');
}

function bodyMixin(Class, brand) {
  const methods = {
    blob() {
      return consumeBody(this, brand, (bytes, state) => {
        const mime = bodyMimeType(state);
        return new (BlobClass())([bytes], { type: mime === null ? "" : serializeMIMEType(mime) });
      });
    },
    arrayBuffer() {
      return consumeBody(this, brand, (bytes) => {
        if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
        return bytes.slice().buffer;
      });
    },
    text() {
      return consumeBody(this, brand, (bytes) => utf8Decode(bytes));
    },
    json() {
      return consumeBody(this, brand, (bytes) => JSON.parse(utf8Decode(bytes)));
    },
    formData() {
      return consumeBody(this, brand, formDataFromBytes);
    },
    bytes() {
      return consumeBody(this, brand, (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  };
  for (const key of ["blob", "arrayBuffer", "text", "json", "formData", "bytes"]) {
    Object.defineProperty(Class.prototype, key, { value: methods[key], writable: true, enumerable: true, configurable: true });
  }
}

Object.assign(exports, {
  bodyDisturbed, bodyMixin, bodyStream, bodyUnusable, cancelBody, cloneBody, done, extractBody,
  latin1, makeBody, readAllBytes, reextractBody, takeProducer,
});
