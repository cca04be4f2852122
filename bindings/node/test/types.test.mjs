// index.d.ts against TypeScript (strict): a file that uses every part of
// createContainer's API must compile, and misuses must not. TypeScript and
// @types/node come from npm into test/.types once; without npm the test is
// skipped, saying so.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TEST_DIR, PACKAGE_DIR } from './helpers.mjs';

const dir = path.join(TEST_DIR, '.types');
const tsc = path.join(dir, 'node_modules', '.bin', 'tsc');
function setup() {
  if (fs.existsSync(tsc)) return null;
  fs.mkdirSync(dir, { recursive: true });
  // its own package root: else npm would install into the binding's
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private": true}\n');
  const r = spawnSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--no-save', 'typescript@5', '@types/node@20'], { cwd: dir, encoding: 'utf8', timeout: 300000 });
  return fs.existsSync(tsc) ? null : `typescript could not be installed from npm: ${(r.stderr || String(r.error)).trim().split('\n')[0]}`;
}
const skip = setup() || false;

function compile(source) {
  const work = fs.mkdtempSync(path.join(dir, 'case-'));
  try {
    // the package as a dependency of the case, by its name
    fs.mkdirSync(path.join(work, 'node_modules'));
    fs.symlinkSync(PACKAGE_DIR, path.join(work, 'node_modules', 'agent-code-sandbox'));
    fs.symlinkSync(path.join(dir, 'node_modules', '@types'), path.join(work, 'node_modules', '@types'));
    fs.writeFileSync(path.join(work, 'use.ts'), source);
    fs.writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'esnext.disposable'], types: ['node'] },
      files: ['use.ts'],
    }));
    return spawnSync(tsc, ['-p', work], { encoding: 'utf8', timeout: 120000 });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

test('the container API type-checks as the README uses it', { skip }, () => {
  const r = compile(fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'types-use.ts'), 'utf8'));
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the Terminal type-checks as the seed wires it to xterm.js', { skip }, () => {
  const r = compile(fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'types-terminal.ts'), 'utf8'));
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('misuses are type errors', { skip }, () => {
  for (const bad of [
    "import { createContainer } from 'agent-code-sandbox'; createContainer({ user: 'bob' });",
    "import { createContainer } from 'agent-code-sandbox'; (async () => { const b = await createContainer(); const n: string = (await b.exec('x')).exitCode; void n; })();",
    "import { createContainer } from 'agent-code-sandbox'; (async () => { const b = await createContainer(); b.fs.readdir(1); })();",
    "import { createContainer, Terminal } from 'agent-code-sandbox'; (async () => { const b = await createContainer(); new Terminal(b, { columns: 80 }); })();",
    "import { createContainer, Terminal } from 'agent-code-sandbox'; (async () => { const b = await createContainer(); new Terminal(b, { write: () => {} }).resize('80', 24); })();",
  ]) {
    const r = compile(bad);
    assert.notEqual(r.status, 0, `compiled but should not: ${bad}`);
  }
});
