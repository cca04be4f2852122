// The runner's own environment has PATH, HOME, USER, ACS_CACHE_DIR and
// ACS_NPM_REGISTRY: none of them (nor anything else of the host's) is visible.
const env = process.env;
console.log("keys:", Object.keys(env).length, JSON.stringify(env));
for (const n of ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "TMPDIR", "LANG", "TERM", "HOSTNAME", "ACS_CACHE_DIR", "ACS_NPM_REGISTRY", "ACS_WALLS", "LD_LIBRARY_PATH", "NODE_OPTIONS", "SSH_AUTH_SOCK"])
  if (n in env || env[n] !== undefined || Object.prototype.hasOwnProperty.call(env, n)) console.log("VISIBLE", n, env[n]);
console.log("path", env.PATH, "home", env.HOME, "user", env.USER);
