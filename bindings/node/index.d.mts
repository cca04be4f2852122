export { exec, SandboxError, SandboxConfigError } from './index.js';
export type { ExecOptions, ExecResult } from './index.js';
