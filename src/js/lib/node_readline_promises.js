// node_readline_promises.js - `readline/promises`: question() returns a promise.
const rl = require("node_readline");

class Interface extends rl.Interface {
  question(query, options) {
    return new Promise((resolve) => super.question(query, options, resolve));
  }
}
exports.Interface = Interface;
exports.createInterface = (input, output, completer, terminal) => new Interface(input, output, completer, terminal);
exports.Readline = class Readline {
  constructor(stream) { this.stream = stream; }
  clearLine() { return this; }
  clearScreenDown() { return this; }
  cursorTo() { return this; }
  moveCursor() { return this; }
  commit() { return Promise.resolve(); }
  rollback() { return this; }
};
