export { ContainerBackend, installSandboxSkills } from './deepagents.js';
export type { ContainerBackendOptions } from './deepagents.js';
