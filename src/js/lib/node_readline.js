// node_readline.js - `readline`: line splitting over a readable stream
// (files, or stdin, which is empty in the sandbox), question(), async
// iteration, and the cursor helpers (no terminal: they write nothing).
const { EventEmitter } = require("events");
const tasks = require("tasks");

class Interface extends EventEmitter {
  constructor(input, output, completer, terminal) {
    super();
    const o = input && input.input !== undefined && !(typeof input.on === "function" && input.readable !== undefined && output)
      ? input : { input, output, completer, terminal };
    this.input = o.input;
    this.output = o.output;
    this.terminal = false;
    this.line = "";
    this.closed = false;
    this._prompt = o.prompt ?? "> ";
    this._crlfDelay = o.crlfDelay ?? 100;
    this._buffer = "";
    this._paused = false;
    this._questions = [];
    this._decoder = null;
    if (this.input && typeof this.input.on === "function") {
      this._onData = (chunk) => this._feed(chunk);
      this._onEnd = () => {
        if (this._buffer.length) this._emitLine(this._buffer);
        this._buffer = "";
        this.close();
      };
      this.input.on("data", this._onData);
      this.input.on("end", this._onEnd);
      this.input.on("error", (e) => this.emit("error", e));
      if (typeof this.input.resume === "function") this.input.resume();
    }
    if (o.signal) o.signal.addEventListener("abort", () => this.close(), { once: true });
  }
  _feed(chunk) {
    if (typeof chunk !== "string") {
      if (!this._decoder) this._decoder = new (require("encoding").TextDecoder)();
      chunk = this._decoder.decode(chunk, { stream: true });
    }
    this._buffer += chunk;
    let i;
    while ((i = this._buffer.search(/\r\n|\n|\r/)) >= 0) {
      const sep = this._buffer[i] === "\r" && this._buffer[i + 1] === "\n" ? 2 : 1;
      const line = this._buffer.slice(0, i);
      this._buffer = this._buffer.slice(i + sep);
      this._emitLine(line);
    }
  }
  _emitLine(line) {
    const q = this._questions.shift();
    if (q) q(line);
    else this.emit("line", line);
  }
  setPrompt(p) { this._prompt = String(p); }
  getPrompt() { return this._prompt; }
  prompt() {
    if (this.output && typeof this.output.write === "function") this.output.write(this._prompt);
  }
  question(query, options, cb) {
    if (typeof options === "function") cb = options;
    if (this.closed) {
      const err = new Error("readline was closed");
      err.code = "ERR_USE_AFTER_CLOSE";
      throw err;
    }
    if (this.output && typeof this.output.write === "function") this.output.write(String(query));
    this._questions.push(cb);
  }
  write(data) {
    if (typeof data === "string") this._feed(data);
  }
  pause() {
    this._paused = true;
    if (this.input && typeof this.input.pause === "function") this.input.pause();
    this.emit("pause");
    return this;
  }
  resume() {
    this._paused = false;
    if (this.input && typeof this.input.resume === "function") this.input.resume();
    this.emit("resume");
    return this;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.input && typeof this.input.removeListener === "function") {
      this.input.removeListener("data", this._onData);
      this.input.removeListener("end", this._onEnd);
    }
    this.emit("close");
  }
  getCursorPos() { return { rows: 0, cols: 0 }; }
  [Symbol.asyncIterator]() {
    const lines = [];
    const waiting = [];
    let done = false;
    this.on("line", (l) => (waiting.length ? waiting.shift().resolve({ value: l, done: false }) : lines.push(l)));
    this.on("close", () => {
      done = true;
      for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
    });
    return {
      next: () => {
        if (lines.length) return Promise.resolve({ value: lines.shift(), done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() { return this; },
    };
  }
}

function createInterface(input, output, completer, terminal) {
  return new Interface(input, output, completer, terminal);
}

const noTerminal = (cb) => {
  if (typeof cb === "function") tasks.nextTick(cb);
  return true;
};
exports.Interface = Interface;
exports.createInterface = createInterface;
exports.clearLine = (stream, dir, cb) => noTerminal(cb);
exports.clearScreenDown = (stream, cb) => noTerminal(cb);
exports.cursorTo = (stream, x, y, cb) => noTerminal(typeof y === "function" ? y : cb);
exports.moveCursor = (stream, dx, dy, cb) => noTerminal(cb);
exports.emitKeypressEvents = () => {};
Object.defineProperty(exports, "promises", { get: () => require("node_readline_promises"), enumerable: true });
