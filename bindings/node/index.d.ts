/** Options of one run. Give exactly one of `code` and `entrypoint`. */
export interface ExecOptions {
  /** JS / TS code to run as an ES module. Top-level await works. Relative imports resolve from workDir. */
  code?: string;
  /** Path of a file in workDir to run. */
  entrypoint?: string;
  /**
   * Working directory. The code can read and write it, and its files stay
   * between runs. If given, it must already exist. Required with entrypoint;
   * with code, a temporary directory removed after the run.
   */
  workDir?: string;
  /** Directories the code can read. Default: []. */
  readOnlyDirs?: string[];
  /**
   * npm packages the code may import: "name" or "name@range" (*, 5, 5.7,
   * 5.7.0, ^5.1.0, ~5.1.0). [] allows none. Default: any package.
   */
  allowedPackages?: string[];
  /**
   * Hosts the code may connect to: "api.example.com" (any port),
   * "api.example.com:443", "*.example.com", or an IP address. Default: none.
   */
  allowedDomains?: string[];
  /**
   * Environment variables the code can see. Names starting with DENO_, LD_,
   * DYLD_, ACS_ and the proxy variables are reserved. Default: {}.
   */
  env?: Record<string, string>;
  /** Time limit for running the code, in milliseconds. Default: no limit. */
  timeoutMs?: number;
  /** Limit of the JS heap, in MB. */
  memoryMb?: number;
  /** Bytes kept for each of stdout and stderr; beyond this the middle is dropped. Default: 1 MB. */
  maxOutputBytes?: number;
  /** Stops the run when aborted: the result then has timedOut: true and exitCode: null. */
  signal?: AbortSignal;
}

export interface ExecResult {
  stdout: string;
  /** Rewritten so the LLM can fix its code. */
  stderr: string;
  /** 1 when rejected before running, null when stopped. */
  exitCode: number | null;
  /** Stopped by timeoutMs or signal. */
  timedOut: boolean;
  /** stdout or stderr was truncated. */
  truncated: boolean;
  durationMs: number;
  /** What stopped the run, or null when it ended by itself. */
  stoppedBy?: 'timeout' | 'signal' | 'memory' | 'output' | null;
}

/** Invalid options (a missing workDir, a reserved env name, ...): fix them. */
export declare class SandboxConfigError extends Error {
  constructor(message?: string, options?: { cause?: unknown });
  name: 'SandboxConfigError';
}

/** The environment failed (acs not found, the server died, a protocol error). */
export declare class SandboxError extends Error {
  constructor(message?: string, options?: { cause?: unknown });
  name: 'SandboxError';
}

/** Run code in the sandbox. */
export declare function exec(options: ExecOptions): Promise<ExecResult>;

/** Options of createContainer(). */
export interface ContainerOptions {
  /** Files to put in the box: absolute path -> text or bytes (parents are made). */
  files?: Record<string, string | Uint8Array>;
  /** Default working directory of exec/run/spawn (made if missing). Default: the user's home. */
  cwd?: string;
  /** The box's host name. Default: "box". */
  hostname?: string;
  /** Who runs the commands: "root" (default) or "agent" (uid 1000). */
  user?: 'root' | 'agent';
  /** Environment variables of every command (added to PATH, HOME, ...). */
  env?: Record<string, string>;
  /**
   * MB the box may use: its programs' private memory and its files
   * together (default: files 256, all 4096). Past it the biggest program
   * is killed, with a line on its stderr naming the limit.
   */
  memory?: number;
  /** Reported by the modelled product's nproc; accepted and ignored here. */
  cpus?: number;
  /** Outbound network: off by default. allow limits it to these hosts. */
  network?: { allowOutbound?: boolean; allow?: string[] };
  /** What npm/npx in the box may install: "any" (default), "none", or "name" / "name@range" entries. */
  packages?: 'any' | 'none' | string[];
  /** TZ of every command. */
  timezone?: string;
  /** Default time limit of each exec, in ms. */
  timeoutMs?: number;
  /** Every exec's output as it comes. */
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
  /** Called once for each port a program of the box starts listening on (within ~25 ms). */
  onServerReady?: (port: number, info: { pid: number }) => void;
  /** Start from a snapshot (Container.snapshot()). */
  snapshot?: Uint8Array;
  /** Host directories mounted before `files` are written (see Container.mount). */
  mounts?: Array<{ hostPath: string; boxPath: string; readOnly?: boolean; owner?: 'root' | 'agent' }>;
  /** Options of the modelled product that mean nothing here: accepted, ignored. */
  isolation?: unknown;
  pod?: unknown;
  python?: unknown;
}

export interface ContainerExecOptions {
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** What the command reads on stdin. */
  stdin?: string | Uint8Array;
  /** Stops the command (timedOut: true, exitCode: null). */
  signal?: AbortSignal;
  user?: 'root' | 'agent';
  maxOutputBytes?: number;
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
}

export interface ContainerExecResult {
  stdout: string;
  stderr: string;
  /** 128 + N when signal N ended it; 127 for a command not found; null when stopped. */
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  durationMs: number;
}

export interface BoxProcess {
  /** The pid in the box (null until it started). */
  pid: number | null;
  stdout: import('node:stream').Readable;
  stderr: import('node:stream').Readable;
  stdin: import('node:stream').Writable;
  /** Resolves with the exit code (128 + N for signal N) once it ended. */
  exited: Promise<number | null>;
  exitCode: number | null;
  /** Send a signal (default SIGTERM); false when it had ended. */
  kill(signal?: string | number): Promise<boolean>;
}

export interface BoxStats {
  mode: number; uid: number; gid: number; size: number; ino: number; nlink: number;
  rdev: number; blocks: number; dev: number;
  atimeMs: number; mtimeMs: number; ctimeMs: number; birthtimeMs: number;
  atime: Date; mtime: Date; ctime: Date; birthtime: Date;
  isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean; isFIFO(): boolean;
  isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean;
}

export interface BoxDirent {
  name: string; parentPath: string; path: string;
  isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean; isFIFO(): boolean;
  isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean;
}

/** The box's files, shaped like node:fs/promises. Errors are SandboxErrors with a code (ENOENT...). */
export interface BoxFs {
  readFile(path: string): Promise<Buffer>;
  readFile(path: string, encoding: BufferEncoding | { encoding: BufferEncoding }): Promise<string>;
  writeFile(path: string, data: string | Uint8Array, opts?: BufferEncoding | { encoding?: BufferEncoding; mode?: number | string }): Promise<void>;
  appendFile(path: string, data: string | Uint8Array, opts?: BufferEncoding | { encoding?: BufferEncoding }): Promise<void>;
  readdir(path: string): Promise<string[]>;
  readdir(path: string, opts: { withFileTypes: true }): Promise<BoxDirent[]>;
  stat(path: string): Promise<BoxStats>;
  lstat(path: string): Promise<BoxStats>;
  mkdir(path: string, opts?: { recursive?: boolean; mode?: number | string }): Promise<void>;
  rm(path: string, opts?: { recursive?: boolean; force?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number | string): Promise<void>;
  exists(path: string): Promise<boolean>;
}

export interface HttpResponse {
  status: number; statusText: string; headers: Record<string, string | string[] | undefined>;
  body: Buffer; text(): string; json(): any;
}

/** What a host command's run gets. */
export interface CommandContext {
  name: string;
  /** The arguments (argv without argv[0]). */
  args: string[];
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  uid: number;
  pid: number;
  /** The program's stdin, read only as you read it. */
  stdin: AsyncIterable<Buffer> & { text(): Promise<string> };
  /** The box's files. */
  fs: BoxFs;
  write(data: string | Uint8Array): Promise<void>;
  line(text?: string): Promise<void>;
  /** A line on stderr. */
  error(text: string): Promise<void>;
}

export interface CommandSpec {
  /** Its file is /usr/bin/NAME: letters, digits, '.', '_', '-'. */
  name: string;
  /** One line, shown by NAME --help and man NAME. */
  summary?: string;
  /** The exit status (a number; nothing is 0); a throw is status 1 with its message on stderr. */
  run(ctx: CommandContext): number | void | Promise<number | void>;
}

export interface SessionRunOptions {
  /** Stops the run's foreground job (timedOut: true, exitCode: null); the session goes on. Default: the container's timeoutMs. */
  timeoutMs?: number;
  /** Stops the run's foreground job, as a timeout would. */
  signal?: AbortSignal;
  maxOutputBytes?: number;
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
}

/**
 * A stateful shell (Container.session()): cd, variables and exports,
 * functions, aliases and options last from one run() to the next. Runs
 * wait for each other; each gets its own output and exit status. A
 * script's `exit` ends the session. restore() ends the container's sessions.
 */
export interface BoxSession {
  run(command: string, opts?: SessionRunOptions): Promise<ContainerExecResult>;
  /** The shell's working directory now. */
  cwd(): Promise<string>;
  /** The shell's exported variables now. */
  env(): Promise<Record<string, string>>;
  /** Ends the shell and its jobs; twice is fine. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A command for Container.kernel.installCommand. */
export declare function defineCommand(spec: CommandSpec): Readonly<Required<CommandSpec>>;

export declare class Container {
  fs: BoxFs;
  /** Commands run by the host's code: a real file in the box's /usr/bin. */
  kernel: { installCommand(command: CommandSpec): Promise<void> };
  exec(command: string, opts?: ContainerExecOptions): Promise<ContainerExecResult>;
  run(argv: string[], opts?: ContainerExecOptions): Promise<ContainerExecResult>;
  spawn(command: string | string[], opts?: { cwd?: string; env?: Record<string, string>; user?: 'root' | 'agent' }): BoxProcess;
  /** A stateful shell; it starts at its first call. Defaults: the container's cwd, env and user. */
  session(opts?: { cwd?: string; env?: Record<string, string>; user?: 'root' | 'agent' }): BoxSession;
  copyIn(hostPath: string, boxPath: string, opts?: { owner?: 'root' | 'agent' }): Promise<void>;
  /**
   * Mount host directory hostDir at boxPath (made when missing): the host's
   * files, written through unless readOnly, seen in the box as owned by
   * owner (default: the container's user). Links in it resolve in the box;
   * a new link must point inside it by a relative text; bytes added count
   * toward the container's filesystem limit. At most 16 mounts; /, /proc,
   * /dev, /etc, /bin, /usr and /usr/bin are refused.
   */
  mount(hostDir: string, boxPath: string, opts?: { readOnly?: boolean; owner?: 'root' | 'agent' }): Promise<void>;
  copyOut(boxPath: string, hostPath: string): Promise<void>;
  waitForPort(port: number, opts?: { timeoutMs?: number }): Promise<boolean>;
  /** The ports programs of the box listen on now, and their box pids. */
  listeners(): Promise<{ port: number; pid: number }[]>;
  expose(port: number, opts?: { hostPort?: number }): Promise<{ url: string; host: string; port: number }>;
  connect(port: number): Promise<import('node:net').Socket>;
  request(port: number, init?: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Uint8Array | object }): Promise<HttpResponse>;
  snapshot(): Promise<Uint8Array>;
  restore(snapshot: Uint8Array): Promise<void>;
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Options of a Terminal. */
export interface TerminalOptions {
  /** Gets what the shell prints (text with the terminal's escape sequences), e.g. (d) => xterm.write(d). */
  write: (data: string) => void;
  /** The window's width, 1..1000. Default: 80. */
  columns?: number;
  /** The window's height, 1..1000. Default: 24. */
  rows?: number;
  /** Where the shell starts. Default: the session's directory, else the container's cwd, else the user's home. */
  cwd?: string;
  /** Added to the container's env (TERM is xterm-256color unless given). */
  env?: Record<string, string>;
  user?: 'root' | 'agent';
  /** Called once the shell ended by itself (exit, ^D, the box disposed), not after dispose(). */
  onExit?: (exitCode: number | null) => void;
}

/**
 * An interactive shell (the box's `bash -i`) on a terminal of the box, for
 * a screen such as xterm.js. `session` is a Container or a session of one
 * (box.session()); the terminal has a shell of its own in that box, started
 * in the session's directory with its exported variables.
 */
export declare class Terminal {
  constructor(session: Container | BoxSession | { container: Container; cwd?(): Promise<string> | string; env?(): Promise<Record<string, string>> }, options: TerminalOptions);
  columns: number;
  rows: number;
  /** The shell's pid in the box, once started. */
  pid?: number;
  /** The shell's exit status once it ended (null: disposed, or never ran). */
  exitCode: number | null;
  /** Resolves with exitCode once the shell ended or the terminal was disposed. */
  exited: Promise<number | null>;
  /** Start the shell; resolves once it runs. Twice is the same promise. */
  start(): Promise<void>;
  /** Type data (xterm.js's onData gives strings). Before start() it waits; after dispose() it is dropped. */
  input(data: string | Uint8Array): void;
  /** A new window size; the programs in the box see it (SIGWINCH). */
  resize(cols: number, rows: number): void;
  /** Hang up (the shell gets SIGHUP); write() is not called after this. Safe twice. */
  dispose(): Promise<number | null>;
  [Symbol.asyncDispose](): Promise<number | null>;
}

/** Boot a box. Rejects with SandboxConfigError for bad options, SandboxError when it cannot start. */
export declare function createContainer(options?: ContainerOptions): Promise<Container>;
