'use strict';
// npm's "install" step: make sure there is an acs binary. If one is found
// (AGENT_CODE_SANDBOX_ACS_PATH, the repository's build/acs, or acs on PATH)
// nothing happens; otherwise build/acs is built from the repository this
// package sits in with `make -C ../.. build/acs`. Nothing is downloaded.
// Building needs a C toolchain and the libraries that scripts/deps.sh
// installs (Debian: run `sh scripts/deps.sh` as root first).

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { findAcs, PACKAGE_DIR } = require('../lib/find-acs.js');

const REPO = path.resolve(PACKAGE_DIR, '..', '..');

function main() {
  let found = null;
  try {
    found = findAcs();
  } catch (e) {
    console.error(`agent-code-sandbox: ${e.message}`);
    return 1;
  }
  if (found) {
    console.log(`agent-code-sandbox: using ${found}`);
    return 0;
  }
  if (!fs.existsSync(path.join(REPO, 'Makefile')) || !fs.existsSync(path.join(REPO, 'src'))) {
    console.warn('agent-code-sandbox: no acs binary found and no agent-code-sandbox source tree to build it from.\n' +
      '  Set AGENT_CODE_SANDBOX_ACS_PATH to an acs binary or put acs on PATH before calling exec().');
    return 0;
  }
  console.log(`agent-code-sandbox: building acs: make -C ${REPO} build/acs`);
  const r = spawnSync('make', ['-C', REPO, 'build/acs'], { stdio: 'inherit' });
  if (r.status === 0) return 0;
  console.error('agent-code-sandbox: building acs failed' + (r.error ? ` (${r.error.message})` : '') + '.\n' +
    '  It needs a C compiler, make, pkg-config and the libraries that scripts/deps.sh installs\n' +
    `  (on Debian 12, as root: sh ${path.join(REPO, 'scripts', 'deps.sh')}).\n` +
    '  Or set AGENT_CODE_SANDBOX_ACS_PATH to an acs binary you built elsewhere.');
  return 1;
}

process.exitCode = main();
