'use strict';
// Where the acs binary is: $AGENT_CODE_SANDBOX_ACS_PATH, then the build of
// the repository this package sits in (../../build/acs), then `acs` on PATH.

const fs = require('node:fs');
const path = require('node:path');
const { SandboxError } = require('./errors.js');

const PACKAGE_DIR = path.resolve(__dirname, '..');
const REPO_BUILD = path.resolve(PACKAGE_DIR, '..', '..', 'build', 'acs');

function isExecutable(file) {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name, envPath = process.env.PATH || '') {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** The acs binary to use, or null when there is none. Throws SandboxError
 *  when AGENT_CODE_SANDBOX_ACS_PATH names something that cannot run. */
function findAcs(env = process.env, repoBuild = REPO_BUILD) {
  const fromEnv = env.AGENT_CODE_SANDBOX_ACS_PATH;
  if (fromEnv) {
    const file = path.resolve(fromEnv);
    if (!isExecutable(file)) {
      throw new SandboxError(`AGENT_CODE_SANDBOX_ACS_PATH is '${fromEnv}', which is not an executable file`);
    }
    return file;
  }
  if (repoBuild && isExecutable(repoBuild)) return repoBuild;
  return onPath('acs', env.PATH);
}

function notFoundMessage() {
  return 'acs was not found: set AGENT_CODE_SANDBOX_ACS_PATH to the acs binary, ' +
    `build it with \`make -C ${path.resolve(PACKAGE_DIR, '..', '..')} build/acs\` ` +
    '(needs a C toolchain and the packages of scripts/deps.sh), or put acs on PATH';
}

module.exports = { findAcs, notFoundMessage, REPO_BUILD, PACKAGE_DIR };
