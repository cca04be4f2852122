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
