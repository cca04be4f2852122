// node_tty.js - the sandbox's streams are never terminals.
exports.isatty = () => false;
exports.ReadStream = class ReadStream { constructor() { throw new Error("tty.ReadStream is not available: the sandbox has no terminal"); } };
exports.WriteStream = class WriteStream { constructor() { throw new Error("tty.WriteStream is not available: the sandbox has no terminal"); } };
