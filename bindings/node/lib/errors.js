'use strict';
// The two errors exec() throws. Problems the model can fix come back as an
// ExecResult instead; these are for the host program.

/** The options are wrong (a missing workDir, a reserved env name, ...): fix them. */
class SandboxConfigError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'SandboxConfigError';
  }
}

/** The environment failed (acs not found, the server died, a protocol error). */
class SandboxError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'SandboxError';
  }
}

module.exports = { SandboxConfigError, SandboxError };
