// agent-code-sandbox/deepagents: a container as a LangChain Deep Agents
// sandbox backend. Needs the 'deepagents' package (1.13.x) beside it.
import type { BaseSandbox, ExecuteResponse, FileDownloadResponse, FileUploadResponse } from 'deepagents';
import type { Container, ContainerOptions } from './index.js';

export interface ContainerBackendOptions {
  /** Where execute() runs commands (absolute). Default: the container's cwd. */
  cwd?: string;
  /** Per execute(); a command that runs longer is stopped (exitCode null). Default: the container's timeoutMs. */
  timeoutMs?: number;
  /** Who runs the commands. Default: the container's user. */
  user?: 'root' | 'agent';
  /** Added to the container's env for each command. */
  env?: Record<string, string>;
  /** The backend's id (SandboxBackendProtocolV2.id). Default: a new one. */
  id?: string;
  /** createContainer's options, for the container that initialize() makes when none was given. */
  container?: ContainerOptions;
}

/**
 * deepagents' SandboxBackendProtocolV2 over a container: execute (stdout
 * and stderr as one text), ls, read (offset/limit, numbered lines),
 * readRaw, write, edit, grep (literal), glob, delete, uploadFiles and
 * downloadFiles. Paths must be absolute; a relative one is an error result.
 */
export declare class ContainerBackend extends BaseSandbox {
  /** Without a container, initialize() makes one (options.container), and close() ends it. */
  constructor(container?: Container | null, options?: ContainerBackendOptions);
  /** A backend on a container of its own holding initialFiles (path -> text or bytes). */
  static create(options?: ContainerBackendOptions & { initialFiles?: Record<string, string | Uint8Array> }): Promise<ContainerBackend>;
  /** Make the container when the backend was built without one. */
  initialize(): Promise<void>;
  /** A container that was not disposed. */
  readonly isRunning: boolean;
  /** Dispose of the container; twice is fine. */
  close(): Promise<void>;
  readonly id: string;
  readonly container: Container | null;
  readonly cwd: string | undefined;
  execute(command: string): Promise<ExecuteResponse>;
  uploadFiles(files: Array<[string, Uint8Array]>): Promise<FileUploadResponse[]>;
  downloadFiles(paths: string[]): Promise<FileDownloadResponse[]>;
}

/**
 * Write Agent Skills (dir/NAME/SKILL.md, default dir /skills) that tell a
 * model what the box is and how to work in it (box-shell, box-node, and
 * box-python where there is one); give createDeepAgent `skills: [dir + "/"]`.
 */
export declare function installSandboxSkills(container: Container, options?: { dir?: string }): Promise<{ dir: string; skills: string[] }>;
