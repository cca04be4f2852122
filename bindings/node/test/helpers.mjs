// Shared by the tests: paths, the fake server, and whether a real
// `acs serve --stdio` is there to test against.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const require = createRequire(import.meta.url);
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE_DIR = path.resolve(TEST_DIR, '..');
export const FAKE_SERVE = path.join(TEST_DIR, 'fixtures', 'fake-serve.js');
export const REAL_ACS = process.env.AGENT_CODE_SANDBOX_ACS_PATH ||
  path.resolve(PACKAGE_DIR, '..', '..', 'build', 'acs');

/** The client module the package uses (same instance: require cache). */
export const client = () => require('../lib/client.js');

/** Why the real server cannot be tested, or null when it can. */
export function realServeMissing() {
  if (!fs.existsSync(REAL_ACS)) return `no acs binary at ${REAL_ACS}`;
  const r = spawnSync(REAL_ACS, ['serve', '--stdio'], {
    input: '{"id":1,"code":"console.log(1)"}\n', encoding: 'utf8', timeout: 20000,
  });
  const line = (r.stdout || '').split('\n').find((l) => l.includes('"id":1'));
  try {
    if (line && JSON.parse(line).result?.stdout === '1\n') return null;
  } catch { /* fall through */ }
  return `\`${REAL_ACS} serve --stdio\` does not work yet: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n')[0]}`;
}

const made = [];
process.on('exit', () => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
/** A fresh temporary directory, removed when the test process exits. */
export function tmpDir(prefix = 'acs-node-') {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `acs-nb-${prefix}`));
  made.push(d);
  return d;
}

export async function waitFor(pred, ms = 5000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Run a node script; resolves with { code, stdout, stderr, ms }. */
export function runNode(args, { env = {}, timeoutMs = 20000 } = {}) {
  const { spawn } = require('node:child_process');
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

export const REPO_DIR = path.resolve(PACKAGE_DIR, '..', '..');
export const FIXTURE_REGISTRY = path.join(REPO_DIR, 'tests', 'pkg', 'registry.mjs');

// Runs registry.mjs and exits when its stdin closes: the pipe closes when
// this process ends however it ends (even SIGKILL), so no registry is left.
const REGISTRY_WRAPPER = `
const bye = () => process.exit(0);
process.stdin.on('end', bye); process.stdin.on('error', bye); process.stdin.resume();
await import(process.env.ACS_TEST_REGISTRY_URL);
`;

/**
 * Start the fixture npm registry (tests/pkg/registry.mjs, packages from
 * tests/pkg/fixtures.mjs) on 127.0.0.1. Resolves with { url, port, log(),
 * clearLog(), stop() } once it prints its port; rejects after timeoutMs.
 * log() is the request log ("GET /papaparse", ...). The registry stops
 * with stop(), or when this process exits.
 */
export function startFixtureRegistry({ timeoutMs = 60000 } = {}) {
  const { spawn } = require('node:child_process');
  const { pathToFileURL } = require('node:url');
  const dir = tmpDir('registry-');
  const logFile = path.join(dir, 'requests.log');
  fs.writeFileSync(logFile, '');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', REGISTRY_WRAPPER, '_', '--log', logFile], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ACS_TEST_REGISTRY_URL: pathToFileURL(FIXTURE_REGISTRY).href },
    });
    let out = '', err = '', done = false;
    const stop = () => {
      try { child.stdin.end(); } catch { /* already closed */ }
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    };
    const fail = (why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop();
      reject(new Error(`the fixture registry did not start: ${why}${err.trim() ? `: ${err.trim().split('\n').slice(0, 5).join(' | ')}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no port after ${timeoutMs} ms`), timeoutMs);
    process.on('exit', stop);
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code, sig) => fail(`it exited (${sig || code})`));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^(\d+)\n/.exec(out);
      if (!m || done) return;
      done = true;
      clearTimeout(timer);
      // From here on it must not keep this process alive.
      for (const h of [child, child.stdin, child.stdout, child.stderr]) h.unref?.();
      const port = Number(m[1]);
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        pid: child.pid,
        log: () => fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean),
        clearLog: () => fs.writeFileSync(logFile, ''),
        stop,
      });
    });
  });
}
