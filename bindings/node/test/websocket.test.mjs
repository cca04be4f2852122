// lib/websocket.js, the WebSocket server of `agent-code-sandbox web`, by a
// raw client: RFC 6455's handshake sample, fragments joined around a ping,
// and the frames a hostile client might send (unmasked, oversized by one
// header, oversized in fragments, an unknown opcode) closing the
// connection with the code the RFC names.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import crypto from 'node:crypto';
import { require } from './helpers.mjs';

const { accept } = require('../lib/websocket.js');

async function server() {
  const got = [];
  const sockets = new Set();
  const s = http.createServer();
  s.on('upgrade', (req, socket, head) => {
    sockets.add(socket);
    const ws = accept(req, socket, head);
    if (!ws) return;
    ws.on('message', (m) => { got.push(m); ws.send(typeof m === 'string' ? `echo:${m}` : m); });
  });
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  // the connections end with the test: node --test waits for open handles
  return { port: s.address().port, got, close: () => { for (const k of sockets) k.destroy(); s.close(); } };
}

function clientFrame(opcode, payload, { fin = true, mask = true, len } = {}) {
  const p = Buffer.from(payload);
  const n = len === undefined ? p.length : len;
  const head = [];
  head.push((fin ? 0x80 : 0) | opcode);
  if (n < 126) head.push((mask ? 0x80 : 0) | n);
  else if (n < 65536) head.push((mask ? 0x80 : 0) | 126, n >> 8, n & 255);
  else {
    head.push((mask ? 0x80 : 0) | 127);
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(n));
    head.push(...b);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), p]);
  const key = crypto.randomBytes(4);
  const body = Buffer.from(p);
  for (let i = 0; i < body.length; i++) body[i] ^= key[i & 3];
  return Buffer.concat([Buffer.from(head), key, body]);
}

// a connected raw client: what the server sent, parsed into frames
function connect(port) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    });
    let buf = Buffer.alloc(0);
    let head = null;
    const frames = [];
    const waiters = [];
    let closed = false;
    s.on('close', () => { closed = true; for (const w of waiters.splice(0)) w(); });
    s.on('error', () => {});
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (head === null) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        head = buf.subarray(0, end).toString();
        buf = buf.subarray(end + 4);
        resolve(c);
      }
      while (buf.length >= 2) {
        let len = buf[1] & 0x7f, off = 2;
        if (len === 126) { len = buf.readUInt16BE(2); off = 4; } else if (len === 127) { len = Number(buf.readBigUInt64BE(2)); off = 10; }
        if (buf.length < off + len) break;
        frames.push({ opcode: buf[0] & 15, data: Buffer.from(buf.subarray(off, off + len)) });
        buf = buf.subarray(off + len);
      }
      for (const w of waiters.splice(0)) w();
    });
    const c = {
      head: () => head, frames, closed: () => closed,
      send: (b) => s.write(b),
      until: async (pred) => {
        const end = Date.now() + 10000;
        while (!pred()) {
          if (Date.now() > end) throw new Error(`timed out; frames: ${JSON.stringify(frames.map((f) => [f.opcode, f.data.toString()]))}`);
          await new Promise((r) => { waiters.push(r); setTimeout(r, 100); });
        }
      },
    };
    s.on('error', reject);
  });
}

test('the handshake answers with the RFC 6455 sample key', async () => {
  const s = await server();
  try {
    const c = await connect(s.port);
    assert.match(c.head(), /^HTTP\/1.1 101 /);
    assert.match(c.head(), /\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=/);
  } finally {
    s.close();
  }
});

test('fragments are one message, a ping between them gets its pong, big frames pass', async () => {
  const s = await server();
  try {
    const c = await connect(s.port);
    c.send(clientFrame(1, 'hel', { fin: false }));
    c.send(clientFrame(9, 'p1'));
    c.send(clientFrame(0, 'lo', { fin: true }));
    const big = 'x'.repeat(70000);
    c.send(clientFrame(1, big));
    await c.until(() => c.frames.length >= 3);
    assert.deepEqual(c.frames[0], { opcode: 10, data: Buffer.from('p1') });
    assert.deepEqual(c.frames[1], { opcode: 1, data: Buffer.from('echo:hello') });
    assert.equal(c.frames[2].data.toString(), `echo:${big}`);
    assert.deepEqual(s.got, ['hello', big]);
  } finally {
    s.close();
  }
});

for (const [name, frame, code] of [
  ['an unmasked frame', () => clientFrame(1, 'hi', { mask: false }), 1002],
  ['a header claiming 4 GiB', () => clientFrame(1, '', { len: 2 ** 32 }).subarray(0, 14), 1009],
  ['fragments past 1 MiB', () => Buffer.concat([clientFrame(1, 'a'.repeat(600000), { fin: false }), clientFrame(0, 'b'.repeat(600000), { fin: false })]), 1009],
  ['an unknown opcode', () => clientFrame(3, 'x'), 1002],
]) {
  test(`${name}: the connection is closed (${code})`, async () => {
    const s = await server();
    try {
      const c = await connect(s.port);
      c.send(frame());
      await c.until(() => c.closed());
      const close = c.frames.find((f) => f.opcode === 8);
      assert.ok(close, 'a close frame');
      assert.equal(close.data.readUInt16BE(0), code);
      assert.deepEqual(s.got, []);
    } finally {
      s.close();
    }
  });
}

test('frames sent with the handshake are read', async () => {
  const s = await server();
  try {
    const sock = net.connect(s.port, '127.0.0.1', () => sock.write(Buffer.concat([Buffer.from('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n' +
      'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'), clientFrame(1, 'early')])));
    sock.on('error', () => {});
    const end = Date.now() + 10000;
    while (s.got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    sock.destroy();
    assert.deepEqual(s.got, ['early']);
  } finally {
    s.close();
  }
});

test('a request that is no WebSocket handshake gets 400', async () => {
  const s = await server();
  try {
    const line = await new Promise((resolve) => {
      const sock = net.connect(s.port, '127.0.0.1', () => sock.write('GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
      let b = '';
      sock.on('data', (d) => { b += d; });
      sock.on('close', () => resolve(b.split('\r\n')[0]));
    });
    assert.match(line, /^HTTP\/1.1 400 /);
  } finally {
    s.close();
  }
});
