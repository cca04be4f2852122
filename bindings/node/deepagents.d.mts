export { ContainerBackend } from './deepagents.js';
export type { ContainerBackendOptions } from './deepagents.js';
