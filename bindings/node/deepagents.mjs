// ESM entry of agent-code-sandbox/deepagents: the same class as the CommonJS one.
import cjs from './lib/deepagents.js';

export const ContainerBackend = cjs.ContainerBackend;
export const installSandboxSkills = cjs.installSandboxSkills;
