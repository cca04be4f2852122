// ESM entry: the same exec and error classes as index.js (one shared child
// and one class identity, whichever way the package is loaded).
import cjs from './index.js';

export const exec = cjs.exec;
export const SandboxError = cjs.SandboxError;
export const SandboxConfigError = cjs.SandboxConfigError;
export const createContainer = cjs.createContainer;
export const Container = cjs.Container;
export const defineCommand = cjs.defineCommand;
export const Terminal = cjs.Terminal;
