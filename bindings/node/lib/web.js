'use strict';
// `agent-code-sandbox web`: a box's terminal in the browser. One box for the
// server's life; each page (a WebSocket) gets a Terminal of its own in it,
// shown by xterm.js (served from node_modules). Bound to 127.0.0.1; every
// request needs the random token of the URL (403 without it), and a
// WebSocket must come from the page's own origin.

const http = require('node:http');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { accept } = require('./websocket.js');
const { createContainer } = require('./container.js');
const { Terminal } = require('./terminal.js');

function pkgFile(spec) {
  return require.resolve(spec);
}

const FILES = {
  '/xterm.js': ['@xterm/xterm/lib/xterm.js', 'text/javascript'],
  '/xterm.css': ['@xterm/xterm/css/xterm.css', 'text/css'],
  '/addon-fit.js': ['@xterm/addon-fit/lib/addon-fit.js', 'text/javascript'],
};

function page(token) {
  const q = `?token=${token}`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>agent-code-sandbox</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/xterm.css${q}">
<style>html,body{margin:0;height:100%;background:#1e1e1e}#term{position:absolute;inset:4px}</style>
</head><body><div id="term"></div>
<script src="/xterm.js${q}"></script><script src="/addon-fit.js${q}"></script>
<script>
const term = new Terminal({ cursorBlink: true, fontFamily: 'monospace', fontSize: 15,
  theme: { background: '#1e1e1e', foreground: '#e6e6e6' } });
const fit = new FitAddon.FitAddon();
term.loadAddon(fit);
term.open(document.getElementById('term'));
fit.fit();
window.term = term;
window.termState = 'connecting';
const ws = new WebSocket(\`ws://\${location.host}/ws${q}&cols=\${term.cols}&rows=\${term.rows}\`);
ws.onopen = () => { window.termState = 'open'; };
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === 'output') term.write(m.data);
  else if (m.type === 'exit') { window.termState = 'exited'; term.write('\\r\\n[the shell ended: ' + m.exitCode + ']\\r\\n'); }
  else if (m.type === 'error') { window.termState = 'error'; term.write('\\r\\n[' + m.message + ']\\r\\n'); }
};
ws.onclose = () => { if (window.termState === 'open') window.termState = 'closed'; };
term.onData((d) => { if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'input', data: d })); });
term.onResize(({ cols, rows }) => { if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'resize', cols, rows })); });
window.addEventListener('resize', () => fit.fit());
term.focus();
</script></body></html>
`;
}

function sameToken(given, token) {
  const a = Buffer.from(String(given || ''));
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Serve a box terminal page on 127.0.0.1:port (0: a free one). Resolves
 * with { url, port, token, container, close() }.
 */
async function serveWeb(options) {
  const o = options || {};
  const token = o.token || crypto.randomBytes(24).toString('base64url');
  const container = o.container || await createContainer(o.containerOptions || {});
  const terminals = new Set();
  let port = 0;
  const forbidden = (res) => {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('403: this page needs the token of the URL that `agent-code-sandbox web` printed\n');
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    if (!sameToken(u.searchParams.get('token'), token)) return forbidden(res);
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    if (u.pathname === '/') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self' 'unsafe-inline'; connect-src 'self' ws://127.0.0.1:* ws://localhost:*" });
      return res.end(page(token));
    }
    const f = FILES[u.pathname];
    if (!f) {
      res.writeHead(404, headers);
      return res.end('not found\n');
    }
    fs.readFile(pkgFile(f[0]), (err, data) => {
      if (err) {
        res.writeHead(500, headers);
        return res.end(`cannot read ${f[0]}: ${err.message}\n`);
      }
      res.writeHead(200, { ...headers, 'content-type': f[1] });
      res.end(data);
    });
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {});
    const u = new URL(req.url, 'http://127.0.0.1');
    const origin = req.headers.origin;
    const mine = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
    if (u.pathname !== '/ws' || !sameToken(u.searchParams.get('token'), token) || (origin !== undefined && !mine.includes(origin))) {
      return socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
    const ws = accept(req, socket, head);
    if (!ws) return;
    const num = (k, d) => {
      const v = Number(u.searchParams.get(k));
      return Number.isInteger(v) && v >= 1 && v <= 1000 ? v : d;
    };
    const send = (m) => ws.send(JSON.stringify(m));
    const t = new Terminal(container, {
      columns: num('cols', 80), rows: num('rows', 24),
      write: (data) => send({ type: 'output', data }),
      onExit: (exitCode) => { send({ type: 'exit', exitCode }); ws.close(); },
    });
    terminals.add(t);
    ws.on('message', (m) => {
      let msg;
      try { msg = JSON.parse(String(m)); } catch { return; }
      try {
        if (msg.type === 'input' && typeof msg.data === 'string') t.input(msg.data);
        else if (msg.type === 'resize') t.resize(msg.cols, msg.rows);
      } catch (e) {
        send({ type: 'error', message: e.message });
      }
    });
    ws.on('close', () => { terminals.delete(t); t.dispose(); });
    t.start().catch((e) => { send({ type: 'error', message: e.message }); ws.close(1011); });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port || 0, '127.0.0.1', resolve);
  });
  port = server.address().port;
  const url = `http://127.0.0.1:${port}/?token=${token}`;
  return {
    url, port, token, container,
    async close() {
      await Promise.all([...terminals].map((t) => t.dispose()));
      await new Promise((r) => { server.close(r); server.closeAllConnections?.(); });
      if (!o.container) await container.dispose();
    },
  };
}

module.exports = { serveWeb };
