// Crafted snapshots against restore: POSIX tar (pax) streams with the
// snapshot's manifest and a valid end record (entry count and CRC-32), but
// hostile contents. Each is refused with a message naming the entry and
// what is wrong, and the box keeps its own files. The format:
// docs/box-protocol.md, "Snapshots".
import test from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { require, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : typeof zlib.crc32 !== 'function' ? 'this Node has no zlib.crc32' : false;
const { createContainer, SandboxError } = require('../index.js');

const octal = (n, w) => n.toString(8).padStart(w - 1, '0') + '\0';
const pad = (b) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);

// One ustar block. `size` may be left out of the block (a pax record holds it).
function header(name, type, { size = 0, mode = 0o755, link = '', major = 0, minor = 0, magic = 'ustar\0' } = {}) {
  const b = Buffer.alloc(512);
  b.write(name, 0, 100);
  b.write(octal(mode, 8), 100);
  b.write(octal(0, 8), 108);
  b.write(octal(0, 8), 116);
  b.write(size < 8 ** 11 ? octal(size, 12) : octal(0, 12), 124);
  b.write(octal(1700000000, 12), 136);
  b.write('        ', 148);
  b.write(type, 156);
  b.write(link, 157, 100);
  b.write(magic, 257);
  b.write('00', 263);
  if (type === '3') { b.write(octal(major, 8), 329); b.write(octal(minor, 8), 337); }
  let sum = 0;
  for (const c of b) sum += c;
  b.write(octal(sum, 7) + ' ', 148);
  return b;
}
function record(key, value) {
  const body = ` ${key}=${value}\n`;
  const len = Buffer.byteLength(body);
  let d = 1;
  while (String(len + d).length > d) d++;
  return `${len + d}${body}`;
}
function ext(type, records) {
  const data = Buffer.from(records.join(''));
  return Buffer.concat([header('PaxHeaders/x', type, { size: data.length, mode: 0o644 }), pad(data)]);
}
const manifest = ext('g', [record('comment', '{"acs-snapshot":2,"hostname":"box"}')]);
function snapshot(entries, count = entries.length) {
  const body = Buffer.concat([manifest, ...entries]);
  const crc = zlib.crc32(body).toString(16).padStart(8, '0');
  const end = ext('g', [record('comment', `acs-snapshot-end entries=${count} crc32=${crc}`)]);
  return Buffer.concat([body, end, Buffer.alloc(1024)]);
}
const dir = (p, mode = 0o755) => header(p, '5', { mode });
const file = (p, data, opts = {}) => Buffer.concat([header(p, '0', { size: Buffer.byteLength(data), mode: 0o644, ...opts }), pad(Buffer.from(data))]);
const sym = (p, target) => header(p, '2', { link: target, mode: 0o777 });
const hard = (p, target) => header(p, '1', { link: target, mode: 0o644 });
const root = dir('./');

const attacks = [
  ['a .. component', [root, dir('./tmp/'), file('./tmp/../../etc/x', 'x')], /not a plain relative path/],
  ['an absolute name', [root, file('/etc/passwd', 'x')], /not a plain relative path/],
  ['an absolute name in a pax path record', [root, Buffer.concat([ext('x', [record('path', '/etc/shadow')]), file('./ok', 'x')])], /not a plain relative path/],
  ['a doubled slash', [root, dir('./a/'), file('./a//b', 'x')], /not a plain relative path/],
  ['a file under a link', [root, sym('./out', '/etc'), file('./out/passwd', 'x')], /not a directory of the snapshot/],
  ['a name before its parent', [root, file('./nodir/x', 'x')], /parent directory is not in the snapshot/],
  ['a hard link to a directory', [root, dir('./d/'), hard('./h', './d')], /hard link/],
  ['a hard link through a link', [root, sym('./l', '/etc'), hard('./h', './l/passwd')], /hard link/],
  ['a hard link to an absolute path', [root, hard('./h', '/etc/passwd')], /hard link/],
  ['a hard link with ..', [root, dir('./d/'), hard('./d/h', '../../etc/passwd')], /hard link/],
  ['a device the box does not have', [root, header('./sda', '3', { major: 8, minor: 0 })], /device the box does not have/],
  ['a block device', [root, header('./sda', '4', { major: 8, minor: 0 })], /type '4'/],
  ['a 10 GB file header', [root, Buffer.concat([ext('x', [record('size', 10 * 2 ** 30)]), header('./big', '0', { size: 10 * 2 ** 30 })])], /cut short/],
  ['an end record that counts wrong', [root], /end record counts 1000000 entries; it holds 1/, 1_000_000],
  ['a name twice', [root, file('./a', '1'), file('./a', '2')], /comes twice/],
  ['a second root', [root, root], /root directory must come first/],
  ['a GNU long name', [root, Buffer.concat([header('././@LongLink', 'L', { size: 4 }), pad(Buffer.from('abc\0'))]), file('./x', 'x')], /GNU long-name/],
  ['a symbolic link with data', [root, Buffer.concat([header('./l', '2', { size: 3, link: 'x' }), pad(Buffer.from('abc'))])], /not a regular file/],
  ['a malformed pax record', [root, Buffer.concat([ext('x', ['99 path=x\n']), file('./x', 'x')])], /pax record/],
];

test('hostile snapshots cannot reach outside the box or past its limits', { skip }, async (t) => {
  const box = await createContainer({ files: { '/keep': 'me' } });
  const unchanged = async () => assert.equal((await box.exec('cat /keep; cat /etc/passwd | head -1')).stdout, 'meroot:x:0:0:root:/root:/bin/sh\n');
  try {
    for (const [what, entries, why, count] of attacks) {
      await t.test(what, async () => {
        await assert.rejects(box.restore(snapshot(entries, count)), (e) => e instanceof SandboxError && why.test(e.message));
        await unchanged();
      });
    }
    await t.test('a byte of a file changed: the checksum says so', async () => {
      const s = snapshot([root, file('./a', 'hello')]);
      const at = s.indexOf('hello');
      s[at] ^= 1;
      await assert.rejects(box.restore(s), /corrupt \(its checksum does not match\)/);
      await unchanged();
    });
    await t.test('a header changed: its own checksum says so', async () => {
      const s = snapshot([root, file('./a', 'hello')]);
      s[s.indexOf('./a') + 1] = 0x62;
      await assert.rejects(box.restore(s), /header's checksum does not match/);
    });
    await t.test('cut short anywhere: refused', async () => {
      const s = snapshot([root, file('./a', 'x'.repeat(5000))]);
      for (const cut of [512 * 3, 512 * 6, s.length - 1024 - 512 * 2, s.length - 100]) {
        await assert.rejects(box.restore(s.subarray(0, cut)), (e) => e instanceof SandboxError && /truncated|cut short|end record|whole number/.test(e.message), `cut at ${cut}`);
      }
      await unchanged();
    });
    await t.test('a plain tar (no manifest) is not a snapshot', async () => {
      await assert.rejects(box.restore(Buffer.concat([root, file('./a', 'x'), Buffer.alloc(1024)])), /not a snapshot of a box/);
    });
    await t.test('the old format is named', async () => {
      await assert.rejects(box.restore(Buffer.concat([Buffer.from('ACS-SNAP'), Buffer.alloc(2000)])), /version 1/);
    });
    await t.test('a file larger than the box may hold', async () => {
      const small = await createContainer({ memory: 1 });
      try {
        const big = 'x'.repeat(2 << 20);
        await assert.rejects(small.restore(snapshot([root, file('./big', big)])), /does not fit the box's filesystem/);
      } finally {
        await small.dispose();
      }
    });
    await t.test('a well-formed crafted one restores', async () => {
      const long = 'n'.repeat(180);
      await box.restore(snapshot([root, dir('./etc/'), file('./etc/hello', 'hi\n'), sym('./link', 'etc/hello'), dir('./tmp/', 0o1777),
        Buffer.concat([ext('x', [record('path', `./etc/${long}`), record('mtime', '1234567890.123456789')]), file('./etc/short', 'long\n')])]));
      // (no /usr/bin in it: the box's files are what the snapshot says)
      assert.equal(await box.fs.readFile('/link', 'utf8'), 'hi\n');
      assert.equal(await box.fs.readFile(`/etc/${long}`, 'utf8'), 'long\n');
      assert.equal((await box.fs.stat(`/etc/${long}`)).mtimeMs, 1234567890123.4568);
      assert.equal((await box.fs.stat('/tmp')).mode & 0o7777, 0o1777);
      assert.deepEqual((await box.fs.readdir('/')).sort(), ['etc', 'link', 'proc', 'tmp']);
      assert.equal((await box.exec('ls')).exitCode, 127);
    });
  } finally {
    await box.dispose();
  }
});
