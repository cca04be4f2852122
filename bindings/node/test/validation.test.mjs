// Options are checked in JS before anything starts: a bad option rejects
// with SandboxConfigError and no server is spawned (the acs path here does
// not even exist).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { client, require, tmpDir } from './helpers.mjs';

process.env.AGENT_CODE_SANDBOX_ACS_PATH = '/nonexistent/acs-for-validation-tests';
const { exec, SandboxConfigError, SandboxError } = await import('../index.mjs');
const cjs = require('../index.js');

async function rejectsConfig(options, pattern) {
  await assert.rejects(exec(options), (e) => {
    assert.ok(e instanceof SandboxConfigError, `expected SandboxConfigError, got ${e && e.name}: ${e && e.message}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'SandboxConfigError');
    assert.match(e.message, pattern);
    return true;
  });
}

test('the ESM and CommonJS entries export the same objects', () => {
  assert.equal(exec, cjs.exec);
  assert.equal(SandboxError, cjs.SandboxError);
  assert.equal(SandboxConfigError, cjs.SandboxConfigError);
  const e = new SandboxError('x');
  assert.equal(e.name, 'SandboxError');
  assert.ok(e instanceof Error);
  assert.ok(!(e instanceof SandboxConfigError));
});

test('exec returns a promise even for bad options (rejects, does not throw)', async () => {
  const p = exec(null);
  assert.ok(p instanceof Promise);
  await assert.rejects(p, SandboxConfigError);
});

test('options must be an object', async () => {
  await rejectsConfig(undefined, /options object/);
  await rejectsConfig('console.log(1)', /options object.*the string/);
  await rejectsConfig([], /options object.*an array/);
});

test('exactly one of code and entrypoint', async () => {
  await rejectsConfig({}, /exactly one of code/);
  await rejectsConfig({ code: 'x', entrypoint: 'main.ts', workDir: '/tmp' }, /exactly one of code and entrypoint, not both/);
  await rejectsConfig({ code: undefined, workDir: '/tmp' }, /exactly one of code/);
});

test('workDir is required with entrypoint', async () => {
  await rejectsConfig({ entrypoint: 'main.ts' }, /workDir is required with entrypoint/);
});

test('types of the string options', async () => {
  await rejectsConfig({ code: 42 }, /code must be a string, not the number 42/);
  await rejectsConfig({ entrypoint: '', workDir: '/tmp' }, /entrypoint must not be empty/);
  await rejectsConfig({ entrypoint: 5, workDir: '/tmp' }, /entrypoint must be a string/);
  await rejectsConfig({ code: '1', workDir: 7 }, /workDir must be a string/);
  await rejectsConfig({ code: '1', workDir: '' }, /workDir must not be empty/);
  await rejectsConfig({ code: '1', workDir: null }, /workDir must be a string, not null/);
  await rejectsConfig({ code: '1', workDir: '/tmp/a\0b' }, /NUL/);
});

test('array options take arrays of non-empty strings', async () => {
  await rejectsConfig({ code: '1', readOnlyDirs: '/data' }, /readOnlyDirs must be an array of strings/);
  await rejectsConfig({ code: '1', readOnlyDirs: ['/data', 3] }, /readOnlyDirs\[1\] must be a string/);
  await rejectsConfig({ code: '1', allowedDomains: 'api.example.com' }, /allowedDomains must be an array/);
  await rejectsConfig({ code: '1', allowedDomains: [''] }, /allowedDomains\[0\] must not be empty/);
  await rejectsConfig({ code: '1', allowedPackages: [null] }, /allowedPackages\[0\] must be a string, not null/);
});

test('env is an object of string values without reserved names', async () => {
  await rejectsConfig({ code: '1', env: 'A=1' }, /env must be an object/);
  await rejectsConfig({ code: '1', env: ['A=1'] }, /env must be an object/);
  await rejectsConfig({ code: '1', env: { A: 1 } }, /env\.A must be a string, not the number 1/);
  await rejectsConfig({ code: '1', env: { A: undefined } }, /env\.A must be a string/);
  await rejectsConfig({ code: '1', env: { 'A=B': 'x' } }, /must not contain '='/);
  await rejectsConfig({ code: '1', env: { '': 'x' } }, /empty name/);
  for (const name of ['LD_PRELOAD', 'DYLD_INSERT_LIBRARIES', 'DENO_DIR', 'ACS_CACHE_DIR', 'ld_library_path']) {
    await rejectsConfig({ code: '1', env: { [name]: 'x' } }, new RegExp(`env name '${name}' is reserved`));
  }
  for (const name of ['HTTPS_PROXY', 'http_proxy', 'NO_PROXY', 'ALL_PROXY']) {
    await rejectsConfig({ code: '1', env: { [name]: 'x' } }, /proxy variables/);
  }
});

test('limits are non-negative integers', async () => {
  for (const key of ['timeoutMs', 'memoryMb', 'maxOutputBytes']) {
    await rejectsConfig({ code: '1', [key]: -1 }, new RegExp(`${key} must be a non-negative integer, not the number -1`));
    await rejectsConfig({ code: '1', [key]: 1.5 }, new RegExp(`${key} must be a non-negative integer`));
    await rejectsConfig({ code: '1', [key]: '100' }, new RegExp(`${key} must be a non-negative integer, not the string`));
    await rejectsConfig({ code: '1', [key]: NaN }, new RegExp(`${key} must be a non-negative integer`));
    await rejectsConfig({ code: '1', [key]: Infinity }, new RegExp(`${key} must be a non-negative integer`));
  }
});

test('signal must be an AbortSignal', async () => {
  await rejectsConfig({ code: '1', signal: {} }, /signal must be an AbortSignal/);
  await rejectsConfig({ code: '1', signal: new AbortController() }, /signal must be an AbortSignal/);
});

test('unknown options are refused by name', async () => {
  await rejectsConfig({ code: '1', timeout: 5 }, /unknown option 'timeout'/);
  await rejectsConfig({ code: '1', cwd: '/tmp' }, /unknown option 'cwd'/);
});

test('an already aborted signal resolves with the stopped result, without starting anything', async () => {
  const ac = new AbortController();
  ac.abort();
  const r = await exec({ code: 'console.log(1)', signal: ac.signal });
  assert.deepEqual(r, {
    stdout: '', stderr: '', exitCode: null, timedOut: true, truncated: false, durationMs: 0, stoppedBy: 'signal',
  });
  assert.equal(client().internal.serverPid(), null);
});

test('bad options still reject when the signal is already aborted', async () => {
  await rejectsConfig({ code: 1, signal: AbortSignal.abort() }, /code must be a string/);
});

test('valid options reach the server lookup: a missing acs is a SandboxError', async () => {
  await assert.rejects(exec({ code: '1' }), (e) => {
    assert.ok(e instanceof SandboxError);
    assert.match(e.message, /AGENT_CODE_SANDBOX_ACS_PATH is '\/nonexistent\/acs-for-validation-tests', which is not an executable file/);
    return true;
  });
});

test('findAcs: the env variable, then the repository build, then PATH', () => {
  const { findAcs, notFoundMessage } = require('../lib/find-acs.js');
  const node = process.execPath;
  assert.equal(findAcs({ AGENT_CODE_SANDBOX_ACS_PATH: node, PATH: '' }, null), node);
  assert.equal(findAcs({ PATH: '' }, node), node);
  assert.equal(findAcs({ PATH: '/nonexistent' }, '/nonexistent/acs'), null);
  // `acs` on PATH: a directory holding an executable named acs.
  const bin = tmpDir('acs-path-');
  fs.symlinkSync(node, path.join(bin, 'acs'));
  assert.equal(findAcs({ PATH: `/nonexistent:${bin}` }, '/nonexistent/acs'), path.join(bin, 'acs'));
  assert.equal(findAcs({ PATH: `/nonexistent:${bin}` }, node), node);
  assert.equal(findAcs({ AGENT_CODE_SANDBOX_ACS_PATH: node, PATH: bin }, '/nonexistent/acs'), node);
  fs.rmSync(bin, { recursive: true });
  assert.throws(() => findAcs({ AGENT_CODE_SANDBOX_ACS_PATH: '/tmp' }), /not an executable file/);
  assert.match(notFoundMessage(), /AGENT_CODE_SANDBOX_ACS_PATH.*make -C .* build\/acs.*scripts\/deps\.sh.*PATH/);
});

test('relative workDir and readOnlyDirs are made absolute against the current directory', () => {
  const { normalize } = require('../lib/options.js');
  const { request } = normalize({ entrypoint: 'main.ts', workDir: 'sess', readOnlyDirs: ['data', '/abs'] });
  assert.deepEqual(request, {
    entrypoint: 'main.ts', workDir: path.resolve('sess'), readOnlyDirs: [path.resolve('data'), '/abs'],
  });
});
