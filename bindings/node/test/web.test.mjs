// `agent-code-sandbox web` in headless Chromium (Debian's chromium, driven
// by playwright-core from npm): the page's xterm.js shows a box's shell;
// typed lines run, top prints its header, a smaller window is what stty
// reports, the screenshot shows text. The token and the origin are
// attacked first. Skipped, saying why, without chromium or playwright-core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REAL_ACS, realServeMissing, require, PACKAGE_DIR } from './helpers.mjs';

const WAIT = 30000; // wide: a loaded machine

function chromiumPath() {
  const c = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return c.find((p) => fs.existsSync(p)) || null;
}

const noServe = realServeMissing();
const skipServe = noServe ? `needs a working acs serve: ${noServe}` : false;
let playwright = null;
let why = skipServe;
if (!why) {
  try {
    playwright = require('playwright-core');
  } catch {
    why = 'playwright-core is not installed (npm install in bindings/node; test/run.sh does it)';
  }
}
if (!why && !chromiumPath()) why = 'no chromium (Debian\'s chromium package: sh scripts/deps.sh as root)';
let browser = null;
if (!why) {
  try {
    // --no-sandbox: Chromium's own sandbox cannot start as root or in a container
    browser = await playwright.chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'], timeout: WAIT });
  } catch (e) {
    why = `chromium could not be started: ${String(e.message).split('\n')[0]}`;
  }
}
const skip = why || false;

function startWeb(args = []) {
  const child = spawn(process.execPath, [path.join(PACKAGE_DIR, 'bin', 'agent-code-sandbox.js'), 'web', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, AGENT_CODE_SANDBOX_ACS_PATH: REAL_ACS } });
  let out = '', err = '';
  child.stderr.on('data', (d) => { err += d; });
  const url = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on('exit', (code) => reject(new Error(`agent-code-sandbox web exited (${code}): ${err}`)));
  });
  return { child, url, stderr: () => err };
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString() }));
    }).on('error', reject);
  });
}

// the first line of the server's answer to a WebSocket handshake
function upgrade(port, pathAndQuery, origin) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${origin ? `Origin: ${origin}\r\n` : ''}\r\n`);
    });
    let buf = '';
    s.on('data', (d) => {
      buf += d;
      if (buf.includes('\r\n')) {
        resolve(buf.slice(0, buf.indexOf('\r\n')));
        s.destroy();
      }
    });
    s.on('error', reject);
  });
}

// A PNG's pixels (8-bit RGB or RGBA, as Chromium writes them): how many
// distinct colours, and how many pixels differ from the commonest one.
function pngStats(buf) {
  assert.equal(buf.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'not a PNG');
  let off = 8, w = 0, h = 0, type = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off), kind = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (kind === 'IHDR') {
      w = data.readUInt32BE(0); h = data.readUInt32BE(4);
      assert.equal(data[8], 8, 'bit depth');
      type = data[9];
    } else if (kind === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const bpp = type === 6 ? 4 : type === 2 ? 3 : assert.fail(`colour type ${type}`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const px = Buffer.alloc(stride * h);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? px[y * stride + x - bpp] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? px[(y - 1) * stride + x - bpp] : 0;
      let pred = 0;
      if (f === 1) pred = a;
      else if (f === 2) pred = b;
      else if (f === 3) pred = (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[y * stride + x] = (src[x] + pred) & 255;
    }
  }
  const counts = new Map();
  for (let i = 0; i < px.length; i += bpp) {
    const k = px.readUIntBE(i, 3);
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  const commonest = Math.max(...counts.values());
  return { width: w, height: h, colours: counts.size, other: w * h - commonest };
}

test('agent-code-sandbox web: the token and the origin are required', { skip: skipServe }, async () => {
  const web = startWeb();
  try {
    const url = new URL(await web.url);
    assert.equal(url.hostname, '127.0.0.1');
    const token = url.searchParams.get('token');
    assert.ok(token && token.length >= 32, `a long random token: ${token}`);
    const base = `http://127.0.0.1:${url.port}`;
    assert.equal((await get(url.href)).status, 200);
    for (const bad of ['/', '/?token=', `/?token=${token.slice(0, -1)}`, `/?token=${token}x`,
      `/?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, '/xterm.js', '/xterm.js?token=nope']) {
      const r = await get(base + bad);
      assert.equal(r.status, 403, `${bad}: ${r.status}`);
      assert.match(r.body, /needs the token/);
    }
    assert.equal((await get(`${base}/xterm.js?token=${token}`)).status, 200);
    assert.match(await upgrade(url.port, '/ws', null), / 403 /);
    assert.match(await upgrade(url.port, '/ws?token=wrong', null), / 403 /);
    assert.match(await upgrade(url.port, `/ws?token=${token}`, 'http://evil.example'), / 403 /, 'another origin');
    assert.match(await upgrade(url.port, `/ws?token=${token}`, `http://127.0.0.1:${url.port}`), / 101 /);
    // only the loopback address listens
    const other = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (other) {
      const r = await new Promise((resolve) => {
        const s = net.connect(Number(url.port), other.address, () => { s.destroy(); resolve('connected'); });
        s.on('error', (e) => resolve(e.code));
      });
      assert.equal(r, 'ECONNREFUSED', `reachable on ${other.address}`);
    }
    // SIGTERM ends it: the server closes, its box is disposed
    const exited = new Promise((r) => web.child.on('exit', (code, sig) => r({ code, sig })));
    web.child.kill('SIGTERM');
    assert.deepEqual(await exited, { code: 0, sig: null });
    await assert.rejects(get(url.href), /ECONNREFUSED/);
  } finally {
    web.child.kill('SIGKILL');
  }
});

test('agent-code-sandbox web: a refused --port says why', async () => {
  const r = await new Promise((resolve) => {
    const c = spawn(process.execPath, [path.join(PACKAGE_DIR, 'bin', 'agent-code-sandbox.js'), 'web', '--port', 'x'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    c.stderr.on('data', (d) => { err += d; });
    c.on('exit', (code) => resolve({ code, err }));
  });
  assert.equal(r.code, 2);
  assert.match(r.err, /--port needs a port number from 0 to 65535/);
});

test('npx agent-code-sandbox finds the bin in the package', (t) => {
  const r = spawnSync('npx', ['--offline', 'agent-code-sandbox', '--help'], { cwd: PACKAGE_DIR, encoding: 'utf8', timeout: 60000 });
  if (r.error && r.error.code === 'ENOENT') return t.skip('no npx on PATH');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /usage: agent-code-sandbox web \[--port N\]/);
});

test('agent-code-sandbox web in Chromium: echo hi, top, a resize, a screenshot', { skip, timeout: 180000 }, async () => {
  const web = startWeb(['--port', '0']);
  let page = null;
  try {
    const url = await web.url;
    page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => window.termState === 'open', null, { timeout: WAIT });
    const lines = () => page.evaluate(() => {
      const b = window.term.buffer.active;
      const out = [];
      for (let i = 0; i < b.length; i++) out.push(b.getLine(i).translateToString(true));
      return out;
    });
    const until = async (pred, what) => {
      const end = Date.now() + WAIT;
      for (;;) {
        const l = await lines();
        if (pred(l)) return l;
        if (Date.now() > end) assert.fail(`${what}: not in the terminal within ${WAIT} ms:\n${l.filter(Boolean).join('\n')}\n${web.stderr()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until((l) => l.some((x) => x.startsWith('root@box:~# ')), 'the prompt');
    await page.keyboard.type('echo hi');
    await page.keyboard.press('Enter');
    await until((l) => l.includes('hi'), 'hi');
    await page.keyboard.type('top -b -n 1');
    await page.keyboard.press('Enter');
    const top = await until((l) => l.some((x) => /^top - \d\d:\d\d:\d\d up /.test(x)) && l.some((x) => /^\s*PID USER\s+PR\s+NI/.test(x)), 'top\'s header');
    assert.ok(top.some((x) => /^Tasks: +\d+ total/.test(x)), top.join('\n'));
    const before = await page.evaluate(() => [window.term.cols, window.term.rows]);
    await page.keyboard.type('stty size');
    await page.keyboard.press('Enter');
    await until((l) => l.includes(`${before[1]} ${before[0]}`), `stty size ${before[1]} ${before[0]}`);
    // a smaller window: xterm.js fits to it, the box's terminal follows
    await page.setViewportSize({ width: 640, height: 360 });
    await page.waitForFunction((b) => window.term.cols < b[0] && window.term.rows < b[1], before, { timeout: WAIT });
    const after = await page.evaluate(() => [window.term.cols, window.term.rows]);
    await page.keyboard.type('clear; stty size');
    await page.keyboard.press('Enter');
    await until((l) => l.includes(`${after[1]} ${after[0]}`), `stty size ${after[1]} ${after[0]} after the resize`);
    await page.keyboard.type('echo the quick brown fox jumps over the lazy dog');
    await page.keyboard.press('Enter');
    await until((l) => l.includes('the quick brown fox jumps over the lazy dog'), 'the fox');
    const shot = await page.screenshot({ type: 'png' });
    fs.writeFileSync(path.join(os.tmpdir(), 'acs-web-test.png'), shot);
    const st = pngStats(shot);
    if (process.env.VERBOSE) console.log(`screenshot: ${JSON.stringify(st)}`);
    assert.equal(st.width, 640);
    // a blank page is one colour; text in antialiased glyphs is many, over
    // a fair share of the screen
    assert.ok(st.colours >= 16, `only ${st.colours} colours: a blank screenshot?`);
    assert.ok(st.other >= st.width * st.height * 0.005, `only ${st.other} pixels of text`);
    assert.deepEqual(errors, []);
    // the shell's end reaches the page
    await page.keyboard.type('exit 4');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.termState === 'exited', null, { timeout: WAIT });
    await until((l) => l.some((x) => x.includes('[the shell ended: 4]')), 'the end');
  } finally {
    if (page) await page.close();
    web.child.kill('SIGTERM');
  }
});

test.after(async () => {
  if (browser) await browser.close();
});
