// agent-code-sandbox/deepagents's types against deepagents' own (strict
// TypeScript): a ContainerBackend is a SandboxBackendProtocolV2 that
// createDeepAgent takes, and misuses are type errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = path.join(here, 'node_modules', 'typescript', 'bin', 'tsc');

function compile(source) {
  // inside this directory, so that its node_modules resolve; the binding is
  // a link there, and its deepagents.d.ts must find deepagents beside it
  const work = fs.mkdtempSync(path.join(here, '.types-'));
  try {
    fs.writeFileSync(path.join(work, 'use.ts'), source);
    fs.writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'esnext.disposable', 'dom'], types: ['node'], preserveSymlinks: true },
      files: ['use.ts'],
    }));
    return spawnSync(process.execPath, [tsc, '-p', work], { encoding: 'utf8', timeout: 300000 });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const GOOD = `
import { createContainer } from 'agent-code-sandbox';
import { ContainerBackend } from 'agent-code-sandbox/deepagents';
import { installSandboxSkills, ContainerBackend as SeedBackend } from 'agent-code-sandbox/agent';
import { createDeepAgent, type SandboxBackendProtocolV2, type ExecuteResponse, type LsResult } from 'deepagents';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
export async function main(model: BaseChatModel) {
  const box = await createContainer({ cwd: '/app', network: { allowOutbound: true } });
  const backend = new ContainerBackend(box, { cwd: '/app', timeoutMs: 60000 });
  const v2: SandboxBackendProtocolV2 = backend;
  const r: ExecuteResponse = await backend.execute('ls');
  const ls: LsResult = await v2.ls('/app');
  const up = await backend.uploadFiles([['/app/a', new Uint8Array(1)]]);
  const down = await backend.downloadFiles(['/app/a']);
  const own = await ContainerBackend.create({ initialFiles: { '/app/x.txt': 'x' }, container: { memory: 256 } });
  const running: boolean = own.isRunning;
  await own.close();
  const later = new ContainerBackend();
  await later.initialize();
  const sk: { dir: string; skills: string[] } = await installSandboxSkills(box, { dir: '/skills' });
  const agent = createDeepAgent({ model, backend: new SeedBackend(box, { cwd: '/app' }), skills: [sk.dir + '/'] });
  const agent2 = createDeepAgent({ model, backend });
  void agent2;
  void r; void ls; void up; void down; void running; void agent;
}
`;

// each misuse must be an error: an unused @ts-expect-error is one itself
const BAD = `
export async function misuses() {
  // @ts-expect-error a container, not a string
  new ContainerBackend('box');
  // @ts-expect-error cwd is a string
  new ContainerBackend(await createContainer(), { cwd: 1 });
  const b = new ContainerBackend(await createContainer());
  // @ts-expect-error exitCode is number | null
  const n: string = (await b.execute('x')).exitCode;
  // @ts-expect-error uploads are bytes
  await b.uploadFiles([['/a', 'text']]);
  // @ts-expect-error dir is a string
  await installSandboxSkills(await createContainer(), { dir: 1 });
  // @ts-expect-error no such option
  new ContainerBackend(null, { shell: 'zsh' });
  void n;
}
`;

test("the backend type-checks as deepagents' SandboxBackendProtocolV2 and as createDeepAgent's backend; misuses are type errors", () => {
  const r = compile(GOOD + BAD);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
