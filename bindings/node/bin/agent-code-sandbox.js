#!/usr/bin/env node
'use strict';
// agent-code-sandbox's command line: `agent-code-sandbox web [--port N]`
// serves a box's terminal in the browser (lib/web.js) and prints its URL.

const { serveWeb } = require('../lib/web.js');

const USAGE = 'usage: agent-code-sandbox web [--port N]\n' +
  '  web   serve a terminal of a new box in the browser, on 127.0.0.1 (the URL carries a random token)\n';

async function main(argv) {
  if (argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (argv[0] !== 'web') {
    process.stderr.write(`agent-code-sandbox: ${argv[0] === undefined ? 'give a command' : `unknown command '${argv[0]}'`}\n${USAGE}`);
    return 2;
  }
  let port = 0;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const v = a === '--port' ? argv[++i] : a.startsWith('--port=') ? a.slice(7) : null;
    if (v === null) {
      process.stderr.write(`agent-code-sandbox web: unknown option '${a}'\n${USAGE}`);
      return 2;
    }
    if (!/^\d+$/.test(v || '') || Number(v) > 65535) {
      process.stderr.write(`agent-code-sandbox web: --port needs a port number from 0 to 65535 (0: a free one), not '${v === undefined ? '' : v}'\n`);
      return 2;
    }
    port = Number(v);
  }
  let web;
  try {
    web = await serveWeb({ port });
  } catch (e) {
    const why = e.code === 'EADDRINUSE' ? `port ${port} is in use on 127.0.0.1: give another with --port, or 0 for a free one` : e.message;
    process.stderr.write(`agent-code-sandbox web: ${why}\n`);
    return 1;
  }
  process.stdout.write(`${web.url}\n`);
  const stop = () => { web.close().finally(() => process.exit(0)); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return null; // serves until stopped
}

main(process.argv.slice(2)).then((code) => { if (code !== null) process.exitCode = code; });
