'use strict';
// ContainerBackend: a container as the sandbox of a LangChain Deep Agent
// (deepagents' SandboxBackendProtocolV2). deepagents' own BaseSandbox builds
// ls, read, grep, glob and delete from shell lines that execute() runs in
// the box (find -printf, awk, grep -rHnF, test, rm -rf) and write, edit and
// readRaw from uploadFiles/downloadFiles; this adds execute and the two
// file transfers over the container's exec and fs, and refuses relative
// paths as the protocol asks. deepagents is the caller's dependency, not
// ours: it is loaded from the program's own node_modules.

const { createRequire } = require('node:module');
const pathMod = require('node:path');
const { SandboxConfigError, SandboxError } = require('./errors.js');
const { createContainer } = require('./container.js');

function loadDeepagents() {
  const tries = [() => require('deepagents'), () => createRequire(pathMod.join(process.cwd(), 'index.js'))('deepagents')];
  if (require.main && require.main.filename) tries.push(() => createRequire(require.main.filename)('deepagents'));
  for (const t of tries) {
    try { return t(); } catch (e) { if (e.code !== 'MODULE_NOT_FOUND') throw e; }
  }
  throw new SandboxConfigError("agent-code-sandbox/deepagents needs the 'deepagents' package (1.13.x): npm install deepagents@~1.13.2");
}

const { BaseSandbox } = loadDeepagents();

// node's fs error codes as the protocol's FileOperationError
function opError(e) {
  switch (e && e.code) {
    case 'ENOENT': return 'file_not_found';
    case 'EACCES': case 'EPERM': return 'permission_denied';
    case 'EISDIR': return 'is_directory';
    default: return 'invalid_path';
  }
}

function absolute(p) {
  return typeof p === 'string' && p.startsWith('/') && !p.includes('\0');
}

function relativeError(p) {
  return `path must be absolute (start with '/'): ${JSON.stringify(p)}`;
}

let seq = 0;
const KNOWN = ['cwd', 'timeoutMs', 'user', 'env', 'id', 'container'];

class ContainerBackend extends BaseSandbox {
  /**
   * @param {import('./container.js').Container} [container] none: a box of
   *   its own is made by initialize() (options.container: createContainer's options)
   * @param {{ cwd?: string, timeoutMs?: number, user?: 'root' | 'agent', env?: Record<string,string>, id?: string, container?: object }} [options]
   */
  constructor(container, options) {
    super();
    const o = options || {};
    if (container !== undefined && container !== null && (typeof container.exec !== 'function' || !container.fs)) {
      throw new SandboxConfigError('new ContainerBackend(container, options): give a container from createContainer(), or none and call initialize()');
    }
    for (const k of Object.keys(o)) {
      if (!KNOWN.includes(k)) throw new SandboxConfigError(`ContainerBackend: unknown option '${k}' (${KNOWN.join(', ')})`);
    }
    if (o.cwd !== undefined && !absolute(o.cwd)) throw new SandboxConfigError(`ContainerBackend: cwd ${relativeError(o.cwd)}`);
    if (o.timeoutMs !== undefined && (!Number.isInteger(o.timeoutMs) || o.timeoutMs < 0)) {
      throw new SandboxConfigError(`ContainerBackend: timeoutMs must be a whole number of milliseconds >= 0, not ${JSON.stringify(o.timeoutMs)}`);
    }
    this.container = container || null;
    this.cwd = o.cwd;
    this._opts = { cwd: o.cwd, timeoutMs: o.timeoutMs, user: o.user, env: o.env };
    this._containerOptions = o.container;
    this.id = o.id || `acs-box-${process.pid}-${++seq}`;
  }

  /**
   * A backend with a container of its own, holding initialFiles (path ->
   * text or bytes); close() ends it. options as the constructor's.
   */
  static async create(options) {
    const { initialFiles, ...rest } = options || {};
    const b = new ContainerBackend(null, rest);
    await b.initialize(initialFiles);
    return b;
  }

  /** Make the backend's own container (when it was built without one). */
  async initialize(initialFiles) {
    if (this.container) return;
    const co = { ...(this._containerOptions || {}) };
    if (initialFiles) co.files = { ...(co.files || {}), ...initialFiles };
    if (this.cwd && co.cwd === undefined) co.cwd = this.cwd;
    this.container = await createContainer(co);
  }

  /** Whether commands can run: a container that was not disposed. */
  get isRunning() {
    return !!this.container && !this.container._disposed;
  }

  /** Dispose of the container (its processes end). Twice is fine. */
  async close() {
    if (this.container) await this.container.dispose();
  }

  _box() {
    if (!this.container) throw new SandboxError('ContainerBackend: no container yet: give one to the constructor, or await initialize()');
    return this.container;
  }

  /** Run a shell command line in the box: stdout and stderr as one text, as a terminal shows them. */
  async execute(command) {
    if (typeof command !== 'string') return { output: 'execute(command): command must be a string', exitCode: 1, truncated: false };
    const exec = { ...this._opts };
    for (const k of Object.keys(exec)) if (exec[k] === undefined) delete exec[k];
    // one pipe for both, so that their lines stay in the order written
    const r = await this._box().exec(`exec 2>&1; ${command}`, exec);
    let output = r.stdout + r.stderr;
    if (r.timedOut) output += `${output && !output.endsWith('\n') ? '\n' : ''}[the command was stopped: it ran past its time limit]\n`;
    return { output, exitCode: r.exitCode, truncated: r.truncated };
  }

  // who runs the commands: then also who reads and writes the files
  _user() {
    return this._opts.user || (this.container && this.container._user) || 'root';
  }

  /** Write files (parents made as needed); each path answers for itself. */
  async uploadFiles(files) {
    const box = this._box();
    const agent = this._user() === 'agent';
    return Promise.all(files.map(async ([path, content]) => {
      if (!absolute(path)) return { path, error: 'invalid_path' };
      try {
        const st = await box.fs.stat(path).catch(() => null);
        if (st && st.isDirectory()) return { path, error: 'is_directory' };
        if (agent) return { path, error: await this._writeAsAgent(box, path, content) };
        await box.fs.mkdir(pathMod.posix.dirname(path), { recursive: true });
        await box.fs.writeFile(path, content);
        return { path, error: null };
      } catch (e) {
        return { path, error: opError(e) };
      }
    }));
  }

  // the agent's own rights: its files are its, root's stay out of reach
  async _writeAsAgent(box, path, content) {
    const r = await box.run(['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"', 'sh', path],
      { stdin: content, user: 'agent', env: this._opts.env });
    if (r.exitCode === 0) return null;
    if (/Permission denied/.test(r.stderr)) return 'permission_denied';
    if (/Is a directory/.test(r.stderr)) return 'is_directory';
    return 'invalid_path';
  }

  /** Read files whole; each path answers for itself. */
  async downloadFiles(paths) {
    const box = this._box();
    const agent = this._user() === 'agent';
    return Promise.all(paths.map(async (path) => {
      if (!absolute(path)) return { path, content: null, error: 'invalid_path' };
      try {
        if (agent) {
          const r = await box.run(['sh', '-c', 'test -d "$1" && exit 3; test -e "$1" || exit 2; test -r "$1" || exit 4', 'sh', path], { user: 'agent' });
          let err = { 2: 'file_not_found', 3: 'is_directory', 4: 'permission_denied' }[r.exitCode];
          // there, but behind a directory agent may not search
          if (err === 'file_not_found' && await box.fs.exists(path)) err = 'permission_denied';
          if (err) return { path, content: null, error: err };
        }
        const buf = await box.fs.readFile(path);
        return { path, content: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), error: null };
      } catch (e) {
        return { path, content: null, error: opError(e) };
      }
    }));
  }

  async ls(path) {
    return absolute(path) ? super.ls(path) : { error: relativeError(path) };
  }

  async read(filePath, offset, limit) {
    return absolute(filePath) ? super.read(filePath, offset, limit) : { error: relativeError(filePath) };
  }

  async readRaw(filePath) {
    return absolute(filePath) ? super.readRaw(filePath) : { error: relativeError(filePath) };
  }

  async write(filePath, content) {
    return absolute(filePath) ? super.write(filePath, content) : { error: relativeError(filePath) };
  }

  async edit(filePath, oldString, newString, replaceAll) {
    return absolute(filePath) ? super.edit(filePath, oldString, newString, replaceAll) : { error: relativeError(filePath) };
  }

  async grep(pattern, path, glob, maxCount) {
    if (path !== undefined && path !== null && !absolute(path)) return { error: relativeError(path) };
    return super.grep(pattern, path == null ? '/' : path, glob, maxCount);
  }

  async glob(pattern, path) {
    if (path !== undefined && path !== null && !absolute(path)) return { error: relativeError(path) };
    return super.glob(pattern, path == null ? '/' : path);
  }

  async delete(filePath) {
    return absolute(filePath) ? super.delete(filePath) : { error: relativeError(filePath) };
  }
}

// The box's own facts, asked of the box: what a skill tells the model.
async function probe(box) {
  const r = await box.exec([
    'printf "node=%s\\n" "$(node --version 2>/dev/null)"',
    'printf "npm=%s\\n" "$(npm --version 2>/dev/null)"',
    'printf "python=%s\\n" "$(command -v python3 2>/dev/null)"',
    'printf "cmds=%s\\n" "$(ls /usr/bin | tr "\\n" " ")"',
  ].join('; '), { timeoutMs: 30000 });
  const facts = {};
  for (const line of r.stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) facts[line.slice(0, eq)] = line.slice(eq + 1).trim();
  }
  return facts;
}

function skill(name, description, body) {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n${body.trim()}\n`;
}

/**
 * Write Agent Skills (SKILL.md, as deepagents' skills middleware reads
 * them) that tell a model what this box is and how to work in it, into
 * dir (default /skills): pass `skills: [dir + "/"]` to createDeepAgent.
 * Returns { dir, skills: [names] }.
 */
async function installSandboxSkills(container, options) {
  const o = options || {};
  const dir = o.dir === undefined ? '/skills' : o.dir;
  if (!absolute(dir)) throw new SandboxConfigError(`installSandboxSkills: dir ${relativeError(dir)}`);
  if (!container || typeof container.exec !== 'function') throw new SandboxConfigError('installSandboxSkills(container): give a container from createContainer()');
  const f = await probe(container);
  const skills = {
    'box-shell': skill('box-shell', 'How to run shell commands and work with files in this sandbox: the shell, the commands it has, its limits.', `
# The sandbox's shell

Commands run in bash (\`sh\` is the same shell) in a small Linux system of
its own: an in-memory filesystem (/app, /tmp, /home/agent, ...), users
root and agent, its own processes and ports. Nothing of the host is
visible unless it was given.

- Paths given to the file tools must be absolute (start with /).
- Each \`execute\` runs in a fresh shell: \`cd\` and variables do not carry
  over to the next command; chain them (\`cd /app && make\`).
- stdout and stderr come back together; the exit code tells success.
- A command that runs too long is stopped: run long jobs in the
  background (\`cmd > /tmp/log 2>&1 &\`) and look at the log.
- Network access is off unless the host allowed it: check with
  \`curl -sI https://example.com\` before relying on it.

Commands: ${f.cmds || '(see ls /usr/bin)'}
`),
    'box-node': skill('box-node', 'How to run JavaScript and TypeScript here: node, npm and npx in the sandbox.', `
# Node.js in the sandbox

\`node\` ${f.node || ''} runs JavaScript and TypeScript files (\`node app.ts\`)
as CommonJS or ES modules, with \`fs\`, \`http\`, \`child_process\` and the
rest on the sandbox's own files, processes and ports. \`npm\` ${f.npm || ''}
and \`npx\` install packages from the registry when the host allows network
access and packages; without it \`npm install\` fails, so use what is there.

- A server listens on the sandbox's own ports (\`localhost\` is the sandbox).
- Native addons (.node files) do not load; pure JS and WebAssembly do.
`),
  };
  if (f.python) {
    skills['box-python'] = skill('box-python', 'How to run Python in the sandbox.', `
# Python in the sandbox

\`python3\` (${f.python}) runs scripts on the sandbox's files.
`);
  }
  for (const [name, text] of Object.entries(skills)) {
    await container.fs.writeFile(`${dir}/${name}/SKILL.md`, text).catch(async () => {
      await container.fs.mkdir(`${dir}/${name}`, { recursive: true });
      await container.fs.writeFile(`${dir}/${name}/SKILL.md`, text);
    });
  }
  return { dir, skills: Object.keys(skills) };
}

module.exports = { ContainerBackend, installSandboxSkills };
