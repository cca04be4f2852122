export { exec, createContainer, defineCommand, Container, Terminal, SandboxError, SandboxConfigError } from './index.js';
export type { ExecOptions, ExecResult, ContainerOptions, ContainerExecOptions, ContainerExecResult, BoxProcess, BoxFs, BoxStats, BoxDirent, HttpResponse, CommandContext, CommandSpec, BoxSession, SessionRunOptions, TerminalOptions } from './index.js';
