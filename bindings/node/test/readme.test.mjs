// Every example of the product README (the seed's "Usage", "Options",
// "Result" and error sections), run against the real `acs serve --stdio`.
// Where an example needs the internet, a local server on 127.0.0.1 stands
// in for it: for npm, the fixture registry of tests/pkg (registry.mjs),
// whose papaparse, date-fns and lodash are small stand-ins (fixtures.mjs).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REAL_ACS, realServeMissing, tmpDir, runNode, PACKAGE_DIR, startFixtureRegistry } from './helpers.mjs';

process.env.AGENT_CODE_SANDBOX_ACS_PATH = REAL_ACS;
const missing = realServeMissing();
const skip = missing ? `needs a working acs serve: ${missing}` : false;

// npm packages come from the fixture registry into a fresh cache. The
// binding starts its `acs serve` child on the first exec() with the
// process.env of that moment, so both are set here, before any test.
let registry = null;
let registryError = null;
const pkgCache = fs.mkdtempSync(path.join(os.tmpdir(), 'acs-nb-pkg-cache-'));
const removeCache = () => {
  // the package cache is read-only: make it writable to remove it
  const walk = (d) => {
    try { fs.chmodSync(d, 0o700); } catch { return; }
    for (const e of fs.readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(d, e.name));
  };
  walk(pkgCache);
  fs.rmSync(pkgCache, { recursive: true, force: true });
};
process.on('exit', removeCache);
if (!skip) {
  try {
    registry = await startFixtureRegistry();
  } catch (e) {
    registryError = e.message;
  }
}
after(() => registry?.stop());
if (registry) process.env.ACS_NPM_REGISTRY = registry.url;
process.env.ACS_CACHE_DIR = pkgCache;
delete process.env.AGENT_CODE_SANDBOX_CACHE_DIR; // it would win over ACS_CACHE_DIR
const needRegistry = () => {
  if (registryError) assert.fail(registryError);
};

const { exec, SandboxConfigError } = await import('../index.mjs');

let sessionId = 0;
function newSession() {
  sessionId += 1;
  const dir = tmpDir(`session-${sessionId}-`);
  return dir;
}

test('Usage: a one-off calculation, no workDir', { skip }, async () => {
  // A one-off calculation. No files to keep, so no workDir.
  const { stdout } = await exec({ code: "console.log(2 ** 10)" });
  assert.equal(stdout, '1024\n');
});

test('Usage: the full example, as written', { skip }, async () => {
  needRegistry();
  const llmGeneratedCode = `import Papa from "papaparse"; import { format } from "date-fns";
console.log(Papa.parse("a,b\\n1,2").data.length, format(new Date(0), "yyyy"));`;
  const sessionDir = newSession();
  const uploads = tmpDir('uploads-'); // stands for /data/uploads
  const run = async () => {
    const result = await exec({
      code: llmGeneratedCode,
      workDir: sessionDir,
      readOnlyDirs: [uploads],
      allowedPackages: ["papaparse@5", "date-fns"],
      allowedDomains: ["api.example.com"],
      env: { API_BASE_URL: "https://api.example.com" },
      timeoutMs: 30_000,
    });
    // Pass stdout and stderr to the LLM as they are.
    return [result.stdout, result.stderr].filter(Boolean).join("\n");
  };
  assert.match(await run(), /^2 1970/);
  // papaparse@5 and date-fns came from the registry, nothing else
  const fetched = registry.log().filter((l) => /\.tgz$/.test(l)).sort();
  assert.deepEqual(fetched, ['GET /date-fns/-/date-fns-4.1.0.tgz', 'GET /papaparse/-/papaparse-5.4.1.tgz']);
  // A second run of the session is served from the cache.
  registry.clearLog();
  assert.match(await run(), /^2 1970/);
  assert.deepEqual(registry.log(), []);
});

test('Usage: the full example with packages, a file in readOnlyDirs and api.example.com on 127.0.0.1:PORT', { skip }, async () => {
  needRegistry();
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url, rate: 2 }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${server.address().port}`;
  const uploads = tmpDir('uploads-');
  fs.writeFileSync(path.join(uploads, 'sales.csv'), 'day,amount\n2024-03-01,10\n2024-03-02,5');
  const llmGeneratedCode = `
import fs from "node:fs";
import Papa from "papaparse";
import { format } from "date-fns";
const { data } = Papa.parse(fs.readFileSync(${JSON.stringify(path.join(uploads, 'sales.csv'))}, "utf8"));
const total = data.slice(1).reduce((s, r) => s + Number(r[1]), 0);
const { rate } = await (await fetch(process.env.API_BASE_URL + "/rate")).json();
console.log(format(new Date(2024, 2, 1), "yyyy-MM"), total * rate);
`;
  try {
    const result = await exec({
      code: llmGeneratedCode,
      workDir: newSession(),
      readOnlyDirs: [uploads],
      allowedPackages: ["papaparse@5", "date-fns"],
      allowedDomains: [host],
      env: { API_BASE_URL: `http://${host}` },
      timeoutMs: 30_000,
    });
    const forLlm = [result.stdout, result.stderr].filter(Boolean).join("\n");
    assert.equal(result.exitCode, 0, forLlm);
    assert.equal(forLlm, '2024-03 30\n');
  } finally {
    server.close();
  }
});

test('Usage: the full example without packages; api.example.com is a local server on 127.0.0.1:PORT', { skip }, async () => {
  // Stand-in for https://api.example.com: the domain is adapted to
  // "127.0.0.1:PORT" (an address entry, so loopback is allowed), and
  // allowedPackages is left out (npm packages are not implemented yet).
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url, rate: 1.25 }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${server.address().port}`;
  const uploads = tmpDir('uploads-');
  fs.writeFileSync(path.join(uploads, 'prices.csv'), 'item,price\napple,2\npear,3\n');
  const sessionDir = newSession();
  const llmGeneratedCode = `
import fs from "node:fs";
const rows = fs.readFileSync(${JSON.stringify(path.join(uploads, 'prices.csv'))}, "utf8").trim().split("\\n").slice(1);
const total = rows.reduce((s, r) => s + Number(r.split(",")[1]), 0);
const { rate } = await (await fetch(process.env.API_BASE_URL + "/rates")).json();
fs.writeFileSync("total.json", JSON.stringify({ total: total * rate }));
console.log("total", total * rate);
try { await fetch("http://example.org/"); } catch (e) { console.error("blocked:", e.cause.message); }
`;
  try {
    const result = await exec({
      code: llmGeneratedCode,
      workDir: sessionDir,
      readOnlyDirs: [uploads],
      allowedDomains: [host],
      env: { API_BASE_URL: `http://${host}` },
      timeoutMs: 30_000,
    });
    // Pass stdout and stderr to the LLM as they are.
    const forLlm = [result.stdout, result.stderr].filter(Boolean).join("\n");
    assert.equal(result.exitCode, 0, forLlm);
    assert.equal(result.stdout, 'total 6.25\n');
    assert.match(result.stderr, /^blocked: .*example\.org/);
    assert.ok(forLlm.startsWith('total 6.25\n\nblocked:'));
    // Files in workDir stay between runs.
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(sessionDir, 'total.json'), 'utf8')), { total: 6.25 });
    const again = await exec({ code: 'import fs from "node:fs"; console.log(fs.readFileSync("total.json", "utf8"))', workDir: sessionDir });
    assert.equal(again.stdout, '{"total":6.25}\n');
  } finally {
    server.close();
  }
});

test('Usage: entrypoint, a file the LLM wrote into workDir', { skip }, async () => {
  const sessionDir = newSession();
  fs.writeFileSync(path.join(sessionDir, 'main.ts'),
    'import { twice } from "./lib.ts";\nconst n: number = twice(21);\nconsole.log(`answer ${n}`);\n');
  fs.writeFileSync(path.join(sessionDir, 'lib.ts'), 'export const twice = (x: number): number => x * 2;\n');
  const r = await exec({ entrypoint: "main.ts", workDir: sessionDir });
  assert.equal(r.stdout, 'answer 42\n');
  assert.equal(r.exitCode, 0);
});

test('Options: code runs as an ES module with top-level await; relative imports resolve from workDir', { skip }, async () => {
  const dir = newSession();
  fs.writeFileSync(path.join(dir, 'util.js'), 'export const hi = "hi from util";\n');
  const r = await exec({ code: 'import { hi } from "./util.js"; await null; console.log(hi, typeof require)', workDir: dir });
  assert.equal(r.stdout, 'hi from util undefined\n');
});

test('Options: without workDir, code runs in a temporary directory removed after the run', { skip }, async () => {
  const r = await exec({ code: 'import fs from "node:fs"; fs.writeFileSync("x.txt", "1"); console.log(process.cwd())' });
  assert.equal(r.exitCode, 0, r.stderr);
  assert.equal(fs.existsSync(r.stdout.trim()), false);
});

test('Options: env is the only environment the code sees', { skip }, async () => {
  process.env.SECRET_OF_THE_HOST = 'do not leak';
  const r = await exec({ code: 'console.log(JSON.stringify(process.env), process.env.SECRET_OF_THE_HOST)', env: { A: '1' } });
  assert.equal(r.stdout, '{"A":"1"} undefined\n');
});

test('Options: allowedPackages [] allows none', { skip }, async () => {
  needRegistry();
  registry.clearLog();
  const r = await exec({ code: 'import "papaparse"', allowedPackages: [] });
  assert.equal(r.exitCode, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, '[code]:1: Package "papaparse" is not allowed; no packages are allowed.\n');
  assert.deepEqual([r.timedOut, r.stoppedBy], [false, null]);
  assert.deepEqual(registry.log(), [], 'nothing is asked of the registry');
  // Code without packages still runs.
  const plain = await exec({ code: 'console.log("plain")', allowedPackages: [] });
  assert.equal(plain.stdout, 'plain\n');
});

test('Options: allowedPackages "name@range" in each form the README lists', { skip }, async () => {
  needRegistry();
  // The stand-in papaparse has 4.6.3, 5.1.0, 5.1.3, 5.4.1 (latest) and 5.7.0.
  const want = {
    'papaparse': '5.4.1', 'papaparse@*': '5.4.1', 'papaparse@5': '5.4.1', 'papaparse@5.7': '5.7.0',
    'papaparse@5.7.0': '5.7.0', 'papaparse@^5.1.0': '5.4.1', 'papaparse@~5.1.0': '5.1.3', 'papaparse@4': '4.6.3',
  };
  for (const [entry, version] of Object.entries(want)) {
    const r = await exec({ code: 'import Papa from "papaparse"; console.log(Papa.version)', allowedPackages: [entry] });
    assert.equal(r.exitCode, 0, `${entry}: ${r.stderr}`);
    assert.equal(r.stdout, `${version}\n`, entry);
  }
  await assert.rejects(exec({ code: '1', allowedPackages: ['papaparse@^^5'] }), SandboxConfigError);
});

test('Options: allowedPackages left out allows any package', { skip }, async () => {
  needRegistry();
  const r = await exec({
    code: 'import _ from "lodash"; import { format } from "date-fns/format"; console.log(_.sum([1, 2, 3]), format(new Date(2000, 0, 2), "yyyy-MM-dd"))',
  });
  assert.equal(r.exitCode, 0, r.stderr);
  assert.equal(r.stdout, '6 2000-01-02\n');
});

test('Options: maxOutputBytes keeps head and tail, truncated says so', { skip }, async () => {
  const r = await exec({ code: 'console.log("a".repeat(5000) + "END")', maxOutputBytes: 1000 });
  assert.equal(r.truncated, true);
  assert.ok(r.stdout.length < 1500, `kept ${r.stdout.length}`);
  assert.ok(r.stdout.startsWith('aaaa') && r.stdout.endsWith('END\n'));
});

test('Options: memoryMb limits the heap', { skip }, async () => {
  const r = await exec({ code: 'const a = []; for (;;) a.push(new Array(1e5).fill(1));', memoryMb: 64 });
  assert.equal(r.exitCode, null);
  assert.equal(r.stoppedBy, 'memory');
  assert.match(r.stderr, /memory/);
});

test('Result: problems the LLM can fix come back as a result', { skip }, async () => {
  const thrown = await exec({ code: 'throw new Error("boom")' });
  assert.equal(thrown.exitCode, 1);
  assert.match(thrown.stderr, /Error: boom/);

  const syntax = await exec({ code: 'const x: number = ;' });
  assert.equal(syntax.exitCode, 1);
  assert.match(syntax.stderr, /SyntaxError/);

  const file = await exec({ code: 'import fs from "node:fs"; fs.readFileSync("/etc/passwd")' });
  assert.equal(file.exitCode, 1);
  assert.match(file.stderr, /\/etc\/passwd/);

  const net = await exec({ code: 'await fetch("http://169.254.169.254/latest/meta-data/")' });
  assert.equal(net.exitCode, 1);
  assert.match(net.stderr, /fetch failed/);

  const slow = await exec({ code: 'for (;;) {}', timeoutMs: 300 });
  assert.deepEqual([slow.exitCode, slow.timedOut, slow.truncated, slow.stoppedBy], [null, true, false, 'timeout']);
  assert.ok(slow.durationMs >= 300 && slow.durationMs < 10000, `durationMs ${slow.durationMs}`);
});

test('Result: a package that is not allowed comes back as a result', { skip }, async () => {
  needRegistry();
  registry.clearLog();
  // (_ is used: code is also TypeScript, where an import whose binding is
  // never used is dropped, and then nothing is refused)
  const r = await exec({ code: 'import _ from "lodash"; console.log("RAN", _.VERSION)', allowedPackages: ['date-fns'] });
  assert.equal(r.exitCode, 1);
  assert.equal(r.stdout, '', 'the run did not start');
  assert.equal(r.stderr, '[code]:1: Package "lodash" is not allowed; allowed: date-fns.\n');
  assert.deepEqual([r.timedOut, r.truncated, r.stoppedBy], [false, false, null]);
  assert.deepEqual(registry.log().filter((l) => l.includes('lodash')), [], 'nothing is fetched for lodash');
  // The list names the entries as given.
  const two = await exec({ code: 'import _ from "lodash"; console.log(_.VERSION)', allowedPackages: ['papaparse@5', 'date-fns'] });
  assert.equal(two.stderr, '[code]:1: Package "lodash" is not allowed; allowed: papaparse@5, date-fns.\n');
});

test('Result: a package that does not exist comes back as a result', { skip }, async () => {
  needRegistry();
  const r = await exec({ code: 'import x from "lodahs"; console.log("RAN", x)' });
  assert.equal(r.exitCode, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, '[code]:1: Package "lodahs" is not in the npm registry.\n');
});

test('Cannot: import a package outside allowedPackages through computed import() or an earlier run\'s cache', { skip }, async () => {
  needRegistry();
  const dir = newSession();
  const first = await exec({ code: 'import _ from "lodash"; console.log(_.VERSION)', workDir: dir });
  assert.equal(first.stdout, '4.17.21\n', first.stderr); // lodash is in the cache now
  const computed = await exec({
    code: 'import { format } from "date-fns"; const n = ["lo", "dash"].join(""); try { await import(n); console.log("IMPORTED"); } catch (e) { console.log("refused:", e.message); }',
    workDir: dir,
    allowedPackages: ['date-fns'],
  });
  assert.equal(computed.exitCode, 0, computed.stderr);
  assert.match(computed.stdout, /^refused: .*lodash/);
  const statically = await exec({ code: 'import _ from "lodash"; console.log("RAN", _.VERSION)', workDir: dir, allowedPackages: ['date-fns'] });
  assert.equal(statically.exitCode, 1);
  assert.equal(statically.stderr, '[code]:1: Package "lodash" is not allowed; allowed: date-fns.\n');
});

test('Errors: an npm registry that cannot be reached throws SandboxError', { skip }, async () => {
  // Its own process: the registry address is read when acs serve starts.
  const cache = tmpDir('dead-registry-cache-');
  const script = `import { exec, SandboxError } from ${JSON.stringify(path.join(PACKAGE_DIR, 'index.mjs'))};
try {
  const r = await exec({ code: 'import Papa from "papaparse"; console.log(Papa)' });
  console.log("RESULT", JSON.stringify(r));
} catch (e) { console.log(e instanceof SandboxError ? "SandboxError" : "other " + e.name, e.message); }`;
  const r = await runNode(['--input-type=module', '-e', script], {
    env: { ACS_NPM_REGISTRY: 'http://127.0.0.1:9', ACS_CACHE_DIR: cache, AGENT_CODE_SANDBOX_CACHE_DIR: '' },
    timeoutMs: 120000,
  });
  assert.match(r.stdout, /^SandboxError .*papaparse/, `${r.stdout}${r.stderr}`);
});

test('Errors: a missing workDir throws SandboxConfigError', { skip }, async () => {
  await assert.rejects(exec({ code: '1', workDir: '/nonexistent/session-1' }), (e) => {
    assert.ok(e instanceof SandboxConfigError);
    assert.match(e.message, /workDir '\/nonexistent\/session-1' does not exist/);
    return true;
  });
  await assert.rejects(exec({ entrypoint: 'main.ts' }), SandboxConfigError);
});

test('Errors: a reserved env name throws SandboxConfigError', { skip }, async () => {
  for (const name of ['DENO_DIR', 'LD_PRELOAD', 'DYLD_LIBRARY_PATH', 'HTTPS_PROXY']) {
    await assert.rejects(exec({ code: '1', env: { [name]: 'x' } }), SandboxConfigError);
  }
});

test('Errors: a symbolic link in workDir that points outside throws SandboxConfigError', { skip }, async () => {
  const dir = newSession();
  fs.symlinkSync('/etc/passwd', path.join(dir, 'link'));
  await assert.rejects(exec({ code: '1', workDir: dir }), (e) => e instanceof SandboxConfigError && /points outside/.test(e.message));
});

test('Errors: a symbolic link in a readOnlyDirs directory that points outside throws SandboxConfigError',
  { skip }, async () => {
    const dir = tmpDir('ro-');
    fs.symlinkSync('/etc/passwd', path.join(dir, 'link'));
    await assert.rejects(exec({ code: '1', readOnlyDirs: [dir] }), SandboxConfigError);
  });
