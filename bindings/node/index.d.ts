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
