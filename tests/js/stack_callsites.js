// differential
// Error.prepareStackTrace with Error.captureStackTrace: V8's CallSite
// objects (depd, under express and body-parser, reads its callers so), and
// string_decoder's StringDecoder as a plain function (iconv-lite calls it
// with StringDecoder.call(this, enc)).
const path = require("path");
function callers() {
  const prep = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  Error.prepareStackTrace = (err, stack) => stack;
  Error.stackTraceLimit = 5;
  const obj = {};
  Error.captureStackTrace(obj, callers);
  const stack = obj.stack;
  Error.prepareStackTrace = prep;
  Error.stackTraceLimit = limit;
  return stack;
}
function named() {
  const s = callers();
  return s;
}
const sites = named();
const first = sites[0];
console.log(Array.isArray(sites), typeof first.getFileName, path.basename(first.getFileName()));
console.log(first.getFunctionName(), first.getLineNumber(), typeof first.getColumnNumber(), first.isEval(), first.isNative());
console.log(String(first).startsWith("named ("), sites[1].getFunctionName());
Error.prepareStackTrace = (err, stack) => `${err.message || "no message"} with ${typeof stack.length} frames`;
const o = { message: "custom" };
Error.captureStackTrace(o);
console.log(o.stack);
Error.prepareStackTrace = undefined;
const plain = {};
Error.captureStackTrace(plain);
console.log(typeof plain.stack);

const { StringDecoder } = require("string_decoder");
function Decoder(enc) { StringDecoder.call(this, enc); }
Decoder.prototype = StringDecoder.prototype;
const d = new Decoder("utf8");
console.log(d.write(Buffer.from([0xe2, 0x82])) + d.write(Buffer.from([0xac])), d.encoding, d instanceof StringDecoder);
console.log(typeof StringDecoder, new StringDecoder("hex").write(Buffer.from("hi")));
