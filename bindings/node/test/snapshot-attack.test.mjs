// Crafted snapshots (a valid checksum, hostile contents) against restore:
// each is refused with a message naming the entry and what is wrong, and
// the box keeps its own files. The format: docs/box-protocol.md.
import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { require, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : typeof zlib.crc32 !== 'function' ? 'this Node has no zlib.crc32' : false;
const { createContainer, SandboxError } = require('../index.js');

function u16(n) { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; }
function u32(n) { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; }
function u64(n) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; }
function str(s) { const b = Buffer.from(s); return Buffer.concat([u16(b.length), b]); }
function entry(type, path, extra = Buffer.alloc(0), mode = 0o755) {
  return Buffer.concat([Buffer.from(type), str(path), u32(mode), u32(0), u32(0), u64(0), u32(0), u64(0), u32(0), extra]);
}
function snapshot(entries, count = entries.length) {
  const body = Buffer.concat([Buffer.from('ACS-SNAP'), u32(1), u32(0), str('box'), ...entries, u64(count)]);
  return Buffer.concat([body, u32(zlib.crc32(body))]);
}
const root = entry('d', '');
const file = (p, data) => entry('f', p, Buffer.concat([u64(Buffer.byteLength(data)), Buffer.from(data)]), 0o644);

const attacks = [
  ['a .. component', [root, entry('d', 'tmp'), file('tmp/../../etc/x', 'x')], /not a plain relative path/],
  ['an absolute name', [root, file('/etc/passwd', 'x')], /not a plain relative path/],
  ['a doubled slash', [root, entry('d', 'a'), file('a//b', 'x')], /not a plain relative path/],
  ['a file under a link', [root, entry('l', 'out', str('/etc')), file('out/passwd', 'x')], /not a directory of the snapshot/],
  ['a name before its parent', [root, file('nodir/x', 'x')], /parent directory is not in the snapshot/],
  ['a hard link to a directory', [root, entry('d', 'd'), entry('h', 'h', str('d'))], /hard link/],
  ['a hard link through a link', [root, entry('l', 'l', str('/etc')), entry('h', 'h', str('l/passwd'))], /hard link/],
  ['a device the box has not', [root, entry('c', 'sda', u64((8 << 8) | 0))], /device the box does not have/],
  ['a 10 GB file header', [root, entry('f', 'big', u64(10 * 2 ** 30), 0o644)], /cut short/],
  ['a million entries', [root], /entries; the box allows/, 1_000_000_000],
  ['a name twice', [root, file('a', '1'), file('a', '2')], /comes twice/],
  ['a second root', [root, root], /root directory must come first/],
  ['an unknown type', [root, entry('z', 'z')], /unknown type/],
];

test('hostile snapshots cannot reach outside the box or past its limits', { skip }, async (t) => {
  const box = await createContainer({ files: { '/keep': 'me' } });
  try {
    for (const [what, entries, why, count] of attacks) {
      await t.test(what, async () => {
        await assert.rejects(box.restore(snapshot(entries, count)), (e) => e instanceof SandboxError && why.test(e.message));
        assert.equal((await box.exec('cat /keep; cat /etc/passwd | head -1')).stdout, 'meroot:x:0:0:root:/root:/bin/sh\n');
      });
    }
    await t.test('a file larger than the box may hold', async () => {
      const small = await createContainer({ memory: 1 });
      try {
        const big = 'x'.repeat(2 << 20);
        await assert.rejects(small.restore(snapshot([root, file('big', big)])), /does not fit the box's filesystem/);
      } finally {
        await small.dispose();
      }
    });
    await t.test('a well-formed crafted one restores', async () => {
      await box.restore(snapshot([root, entry('d', 'etc'), file('etc/hello', 'hi\n'), entry('l', 'link', str('etc/hello')), entry('d', 'tmp', Buffer.alloc(0), 0o1777)]));
      // (no /usr/bin in it: the box's files are what the snapshot says)
      assert.equal(await box.fs.readFile('/link', 'utf8'), 'hi\n');
      assert.equal((await box.fs.stat('/tmp')).mode & 0o7777, 0o1777);
      assert.deepEqual((await box.fs.readdir('/')).sort(), ['etc', 'link', 'proc', 'tmp']);
      assert.equal((await box.exec('ls')).exitCode, 127);
    });
  } finally {
    await box.dispose();
  }
});
