'use strict';
// agent-code-sandbox: run model-written JavaScript and TypeScript in the
// acs sandbox from Node. exec() speaks the newline-JSON protocol of
// `acs serve --stdio` (docs/protocol.md) to one shared, lazily started child.

const { SandboxError, SandboxConfigError } = require('./lib/errors.js');
const { normalize } = require('./lib/options.js');
const { run } = require('./lib/client.js');
const { createContainer, defineCommand, Container } = require('./lib/container.js');
const { Terminal } = require('./lib/terminal.js');

/**
 * Run code in the sandbox. Resolves with an ExecResult for everything the
 * model can fix (exceptions, denied access, time limits); rejects with
 * SandboxConfigError for bad options and SandboxError when the sandbox
 * itself fails.
 * @param {import('./index').ExecOptions} options
 * @returns {Promise<import('./index').ExecResult>}
 */
async function exec(options) {
  const { request, signal } = normalize(options);
  return run(request, signal);
}

module.exports = { exec, createContainer, defineCommand, Container, Terminal, SandboxError, SandboxConfigError };
