// scripts/install.js (npm's "install" step): nothing to do when acs is
// found; `make -C ../.. build/acs` when it is not and the package sits in
// the source tree; a note (and success) when there is nothing to build from.
// The package is copied into temporary trees so the real build is untouched.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PACKAGE_DIR, tmpDir } from './helpers.mjs';

function copyPackage(root) {
  const dest = path.join(root, 'bindings', 'node');
  fs.mkdirSync(dest, { recursive: true });
  for (const f of ['package.json', 'index.js', 'lib', 'scripts']) {
    fs.cpSync(path.join(PACKAGE_DIR, f), path.join(dest, f), { recursive: true });
  }
  return dest;
}

function install(pkg, env) {
  const base = { PATH: `/nonexistent:${path.dirname(process.execPath)}:/usr/bin:/bin` };
  return spawnSync(process.execPath, ['scripts/install.js'], { cwd: pkg, env: { ...base, ...env }, encoding: 'utf8' });
}

test('install: an acs named by AGENT_CODE_SANDBOX_ACS_PATH is used as is', () => {
  const pkg = copyPackage(tmpDir());
  const r = install(pkg, { AGENT_CODE_SANDBOX_ACS_PATH: process.execPath });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /using .*node/);
});

test('install: a bad AGENT_CODE_SANDBOX_ACS_PATH fails', () => {
  const pkg = copyPackage(tmpDir());
  const r = install(pkg, { AGENT_CODE_SANDBOX_ACS_PATH: '/nonexistent/acs' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /not an executable file/);
});

test('install: no acs and a source tree: runs make -C ../.. build/acs', { skip: spawnSync('make', ['--version']).status !== 0 && 'no make' }, () => {
  const root = tmpDir();
  const pkg = copyPackage(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'Makefile'),
    'build/acs:\n\tmkdir -p build && printf "#!/bin/sh\\n" > $@ && chmod +x $@\n');
  const r = install(pkg, {});
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /building acs: make -C/);
  assert.ok(fs.existsSync(path.join(root, 'build', 'acs')));
  // Found now: a second install does nothing.
  const again = install(pkg, {});
  assert.match(again.stdout, /using .*build\/acs/);
});

test('install: a failing build explains what it needs', { skip: spawnSync('make', ['--version']).status !== 0 && 'no make' }, () => {
  const root = tmpDir();
  const pkg = copyPackage(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'Makefile'), 'build/acs:\n\tfalse\n');
  const r = install(pkg, {});
  assert.equal(r.status, 1);
  assert.match(r.stderr, /C compiler.*\n.*scripts\/deps\.sh/);
});

test('install: no acs and no source tree: a note, not a failure, and nothing downloaded', () => {
  const pkg = copyPackage(tmpDir());
  const r = install(pkg, {});
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /no acs binary found/);
});
