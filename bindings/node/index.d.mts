export { exec, createContainer, defineCommand, Container, SandboxError, SandboxConfigError } from './index.js';
export type { ExecOptions, ExecResult, ContainerOptions, ContainerExecOptions, ContainerExecResult, BoxProcess, BoxFs, BoxStats, BoxDirent, HttpResponse, CommandContext, CommandSpec, BoxSession, SessionRunOptions } from './index.js';
