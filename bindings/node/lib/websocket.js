'use strict';
// The server side of a WebSocket (RFC 6455) over node's http upgrade: the
// handshake, masked frames from the browser (fragments joined, at most
// MAX_MESSAGE bytes a message), ping/pong and close. Enough for the
// terminal page (lib/web.js); not a general library.

const crypto = require('node:crypto');
const { EventEmitter } = require('node:events');

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_MESSAGE = 1 << 20;

function acceptKey(key) {
  return crypto.createHash('sha1').update(key + GUID).digest('base64');
}

function frame(opcode, payload) {
  const n = payload.length;
  let head;
  if (n < 126) head = Buffer.from([0x80 | opcode, n]);
  else if (n < 65536) {
    head = Buffer.alloc(4);
    head[0] = 0x80 | opcode;
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

// A connection: 'message' (string or Buffer), 'close'.
class WebSocketConnection extends EventEmitter {
  constructor(socket) {
    super();
    this.socket = socket;
    this.buf = Buffer.alloc(0);
    this.parts = [];
    this.partsLen = 0;
    this.partsText = false;
    this.closed = false;
    socket.setNoDelay(true);
    socket.on('data', (d) => this._data(d));
    socket.on('close', () => this._gone());
    socket.on('error', () => this._gone());
  }

  send(data) {
    if (this.closed) return;
    const text = typeof data === 'string';
    this.socket.write(frame(text ? 1 : 2, text ? Buffer.from(data, 'utf8') : Buffer.from(data)));
  }

  close(code = 1000, reason = '') {
    if (this.closed) return;
    const r = Buffer.from(reason, 'utf8');
    const p = Buffer.alloc(2 + r.length);
    p.writeUInt16BE(code, 0);
    r.copy(p, 2);
    this.socket.write(frame(8, p));
    this.socket.end();
    this._gone();
  }

  _gone() {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.emit('close');
  }

  _data(d) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    for (;;) {
      const b = this.buf;
      if (b.length < 2) return;
      const fin = (b[0] & 0x80) !== 0, opcode = b[0] & 0x0f, masked = (b[1] & 0x80) !== 0;
      let len = b[1] & 0x7f, off = 2;
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        const big = b.readBigUInt64BE(2);
        if (big > BigInt(MAX_MESSAGE)) return this.close(1009, 'message too big');
        len = Number(big);
        off = 10;
      }
      // a browser masks every frame it sends (RFC 6455 5.1)
      if (!masked) return this.close(1002, 'frames from a client must be masked');
      if (len > MAX_MESSAGE || this.partsLen + len > MAX_MESSAGE) return this.close(1009, 'message too big');
      if (b.length < off + 4 + len) return;
      const mask = b.subarray(off, off + 4);
      const payload = Buffer.from(b.subarray(off + 4, off + 4 + len));
      for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      this.buf = b.subarray(off + 4 + len);
      if (opcode === 8) return this.close(1000);
      if (opcode === 9) {
        this.socket.write(frame(10, payload));
        continue;
      }
      if (opcode === 10) continue;
      if (opcode === 1 || opcode === 2) {
        this.parts = [payload];
        this.partsLen = payload.length;
        this.partsText = opcode === 1;
      } else if (opcode === 0) {
        this.parts.push(payload);
        this.partsLen += payload.length;
      } else return this.close(1002, `unknown opcode ${opcode}`);
      if (fin) {
        const msg = Buffer.concat(this.parts);
        this.parts = [];
        this.partsLen = 0;
        this.emit('message', this.partsText ? msg.toString('utf8') : msg);
      }
      if (this.closed) return;
    }
  }
}

// Complete the handshake of an http 'upgrade' request (head: the bytes
// read past it, which may hold the first frames); null (and a 400) when it
// is no WebSocket request.
function accept(req, socket, head) {
  const key = req.headers['sec-websocket-key'];
  if (String(req.headers.upgrade || '').toLowerCase() !== 'websocket' || typeof key !== 'string' ||
      Buffer.from(key, 'base64').length !== 16) {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\nnot a WebSocket request\n');
    return null;
  }
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`);
  const ws = new WebSocketConnection(socket);
  if (head && head.length) setImmediate(() => ws._data(head)); // once the caller listens
  return ws;
}

module.exports = { accept, acceptKey };
