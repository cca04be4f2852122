export { exec, createContainer, Container, SandboxError, SandboxConfigError } from './index.js';
export type { ExecOptions, ExecResult, ContainerOptions, ContainerExecOptions, ContainerExecResult, BoxProcess, BoxFs, BoxStats, BoxDirent, HttpResponse } from './index.js';
