// agent-code-sandbox/deepagents: a container as a LangChain Deep Agents
// sandbox backend. Needs the 'deepagents' package (1.13.x) beside it.
import type { BaseSandbox, ExecuteResponse, FileDownloadResponse, FileUploadResponse } from 'deepagents';
import type { Container } from './index.js';

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
}

/**
 * deepagents' SandboxBackendProtocolV2 over a container: execute (stdout
 * and stderr as one text), ls, read (offset/limit, numbered lines),
 * readRaw, write, edit, grep (literal), glob, delete, uploadFiles and
 * downloadFiles. Paths must be absolute; a relative one is an error result.
 */
export declare class ContainerBackend extends BaseSandbox {
  constructor(container: Container, options?: ContainerBackendOptions);
  readonly id: string;
  readonly container: Container;
  readonly cwd: string | undefined;
  execute(command: string): Promise<ExecuteResponse>;
  uploadFiles(files: Array<[string, Uint8Array]>): Promise<FileUploadResponse[]>;
  downloadFiles(paths: string[]): Promise<FileDownloadResponse[]>;
}
