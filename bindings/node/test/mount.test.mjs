// Container.mount and createContainer({ mounts }): a host directory in the
// box, as its programs and the fs API see it, and what the host sees after.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { require, realServeMissing } from './helpers.mjs';

const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;
const { createContainer, SandboxConfigError } = require('../index.js');

function tmpdir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'acs-mount-'));
}

test('mounts: the box writes the host directory, the host sees it', { skip }, async () => {
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, 'in.txt'), 'from the host\n');
  const box = await createContainer({ user: 'agent', mounts: [{ hostPath: dir, boxPath: '/work' }], cwd: '/work' });
  try {
    const r = await box.exec('cat in.txt; stat -c %U in.txt; echo from the box > out.txt; node -e "console.log(require(\'fs\').readdirSync(\'.\').sort().join())"');
    assert.equal(r.stdout, 'from the host\nagent\nin.txt,out.txt\n');
    assert.equal(fs.readFileSync(path.join(dir, 'out.txt'), 'utf8'), 'from the box\n');
    assert.equal(await box.fs.readFile('/work/in.txt', 'utf8'), 'from the host\n');
    await box.fs.writeFile('/work/api.txt', 'via fs');
    assert.equal(fs.readFileSync(path.join(dir, 'api.txt'), 'utf8'), 'via fs');
    const names = (await box.fs.readdir('/work')).sort();
    assert.deepEqual(names, ['api.txt', 'in.txt', 'out.txt']);
  } finally {
    await box.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('mount(readOnly): every write refused, the host untouched; links resolve in the box', { skip }, async () => {
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, 'f'), 'keep');
  fs.symlinkSync('/etc/hostname', path.join(dir, 'abs'));
  const box = await createContainer({ hostname: 'inside' });
  try {
    await box.mount(dir, '/ro', { readOnly: true });
    const r = await box.exec('echo x > /ro/f; rm /ro/f; cat /ro/abs; cat /ro/f');
    assert.match(r.stderr, /Read-only file system/);
    assert.equal(r.stdout, 'inside\nkeep');
    await assert.rejects(box.fs.writeFile('/ro/g', 'x'), (e) => e.code === 'EROFS');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['abs', 'f']);
    assert.equal(fs.readFileSync(path.join(dir, 'f'), 'utf8'), 'keep');
  } finally {
    await box.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('mount: bad arguments and places are SandboxConfigErrors naming why', { skip }, async () => {
  const dir = tmpdir();
  const box = await createContainer();
  try {
    await assert.rejects(box.mount(path.join(dir, 'missing'), '/x'), (e) => e instanceof SandboxConfigError && /missing/.test(e.message));
    await assert.rejects(box.mount(dir, 'rel'), /absolute/);
    await assert.rejects(box.mount(dir, '/proc/x'), /the box's own/);
    await assert.rejects(box.mount(dir, '/x', { readonly: true }), /unknown option 'readonly'/);
    await box.mount(dir, '/x');
    await assert.rejects(box.mount(dir, '/x'), /a mount already/);
  } finally {
    await box.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
