// A scripted agent loop with no model: createDeepAgent (deepagents 1.13)
// over ContainerBackend, driven by a chat model whose every turn is a
// function of what the tools answered so far. The agent explores a small
// project in the box (ls, glob, grep, read_file), finds the bug, fixes it
// (edit_file), adds a test (write_file) and runs it (execute); the box is
// then checked from outside.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { createDeepAgent } from 'deepagents';
import { createContainer } from 'agent-code-sandbox';
import { ContainerBackend } from 'agent-code-sandbox/deepagents';
import { ContainerBackend as AgentBackend, installSandboxSkills } from 'agent-code-sandbox/agent';

// A message's text: a string, or content blocks (read_file answers so).
function text(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((b) => (typeof b === 'string' ? b : b.text || '')).join('');
  return String(content);
}

// Each step: what the last tool said must match `expect`, then the next call.
class ScriptedModel extends BaseChatModel {
  constructor(steps) {
    super({});
    this.steps = steps;
    this.turn = 0;
    this.seen = [];
  }
  _llmType() { return 'scripted'; }
  bindTools() { return this; }
  async _generate(messages) {
    this.system = text(messages[0].content);
    const last = messages[messages.length - 1];
    if (last instanceof ToolMessage || last?._getType?.() === 'tool') this.seen.push({ name: last.name, content: text(last.content) });
    const step = this.steps[this.turn++];
    if (!step) throw new Error(`the script has no turn ${this.turn}`);
    if (step.expect) step.expect(text(last.content));
    const message = step.call
      ? new AIMessage({ content: '', tool_calls: [{ id: `call_${this.turn}`, name: step.call[0], args: step.call[1], type: 'tool_call' }] })
      : new AIMessage(step.say);
    return { generations: [{ text: step.say || '', message }] };
  }
}

test('an agent explores, fixes and runs a project in the box through deepagents\' tools', async () => {
  const box = await createContainer({
    cwd: '/app',
    files: {
      '/app/package.json': '{ "name": "calc", "type": "commonjs" }\n',
      '/app/src/calc.js': "// TODO: add is wrong\nfunction add(a, b) {\n  return a - b;\n}\nmodule.exports = { add };\n",
      '/app/README.md': 'A calculator.\n',
    },
  });
  const steps = [
    { call: ['ls', { path: '/app' }] },
    { expect: (out) => { assert.match(out, /\/app\/src\//); assert.match(out, /\/app\/package\.json/); }, call: ['glob', { pattern: '**/*.js', path: '/app' }] },
    { expect: (out) => assert.match(out, /src\/calc\.js/), call: ['grep', { pattern: 'TODO', path: '/app' }] },
    { expect: (out) => assert.match(out, /\/app\/src\/calc\.js/), call: ['read_file', { file_path: '/app/src/calc.js' }] },
    { expect: (out) => assert.match(out, / {5}3\t {2}return a - b;/), call: ['edit_file', { file_path: '/app/src/calc.js', old_string: 'return a - b;', new_string: 'return a + b;' }] },
    { expect: (out) => assert.match(out, /calc\.js/), call: ['write_file', { file_path: '/app/test/calc.test.js', content: "const { add } = require('../src/calc.js');\nif (add(2, 3) !== 5) { console.error('add(2, 3) is', add(2, 3)); process.exit(1); }\nconsole.log('ok add');\n" }] },
    { call: ['execute', { command: 'cd /app && node test/calc.test.js && echo "status $?"' }] },
    { expect: (out) => { assert.match(out, /ok add/); assert.match(out, /status 0/); }, call: ['edit_file', { file_path: '/app/src/calc.js', old_string: '// TODO: add is wrong\n', new_string: '' }] },
    { call: ['execute', { command: 'grep -rn TODO /app; echo "grep status $?"' }] },
    { expect: (out) => assert.match(out, /grep status 1/), say: 'Fixed add() in /app/src/calc.js and added test/calc.test.js; the test passes.' },
  ];
  const model = new ScriptedModel(steps);
  try {
    const agent = createDeepAgent({ model, backend: new ContainerBackend(box, { cwd: '/app' }) });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Fix the calculator in /app and prove it with a test.' }] }, { recursionLimit: 100 });
    const final = result.messages[result.messages.length - 1];
    assert.match(String(final.content), /the test passes/);
    assert.equal(model.turn, steps.length);
    assert.deepEqual(model.seen.map((s) => s.name), ['ls', 'glob', 'grep', 'read_file', 'edit_file', 'write_file', 'execute', 'edit_file', 'execute']);
    // the box, seen from outside
    assert.equal((await box.fs.readFile('/app/src/calc.js', 'utf8')), 'function add(a, b) {\n  return a + b;\n}\nmodule.exports = { add };\n');
    const r = await box.exec('node test/calc.test.js', { cwd: '/app' });
    assert.equal(r.stdout, 'ok add\n');
    assert.equal(r.exitCode, 0);
  } finally {
    await box.dispose();
  }
});

test('a failing command reaches the agent with its output and exit code', async () => {
  const box = await createContainer();
  const steps = [
    { call: ['execute', { command: 'echo before; ls /nope; echo after >&2; exit 3' }] },
    { expect: (out) => { assert.match(out, /before\nls: cannot access '\/nope': No such file or directory\nafter/); assert.match(out, /exit code 3/i); }, call: ['read_file', { file_path: '/nope.txt' }] },
    { expect: (out) => assert.match(out, /not found/i), call: ['read_file', { file_path: 'relative.txt' }] },
    { expect: (out) => assert.match(out, /absolute/i), say: 'done' },
  ];
  const model = new ScriptedModel(steps);
  try {
    const agent = createDeepAgent({ model, backend: new ContainerBackend(box) });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'try things' }] }, { recursionLimit: 50 });
    assert.equal(String(result.messages[result.messages.length - 1].content), 'done');
    assert.equal(model.turn, steps.length);
  } finally {
    await box.dispose();
  }
});

test("the seed's agent example: installSandboxSkills, then the skills in the agent's prompt and readable by its tools", async () => {
  const box = await createContainer({ cwd: '/app', network: { allowOutbound: true } });
  try {
    const installed = await installSandboxSkills(box);
    // a box has python3 when `make python` built it: then its skill too
    const python = (await box.exec('command -v python3')).exitCode === 0;
    assert.deepEqual(installed, { dir: '/skills', skills: ['box-shell', 'box-node', ...(python ? ['box-python'] : [])] });
    if (python) assert.match(await box.fs.readFile('/skills/box-python/SKILL.md', 'utf8'), /name: box-python[^]*python3/);
    const steps = [
      { call: ['read_file', { file_path: '/skills/box-shell/SKILL.md' }] },
      { expect: (out) => { assert.match(out, /name: box-shell/); assert.match(out, /Paths given to the file tools must be absolute/); assert.match(out, /\bjq\b.*\bnode\b/); }, call: ['execute', { command: 'pwd; node --version' }] },
      { expect: (out) => assert.match(out, /^\/app\nv22\.\d+\.\d+\n/), say: 'ready' },
    ];
    const model = new ScriptedModel(steps);
    const agent = createDeepAgent({ model, backend: new AgentBackend(box, { cwd: '/app' }), skills: ['/skills/'] });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'look around' }] }, { recursionLimit: 50 });
    assert.equal(text(result.messages[result.messages.length - 1].content), 'ready');
    assert.match(model.system, /box-shell/);
    assert.match(model.system, /box-node/);
    assert.match(model.system, /\/skills\/box-node\/SKILL\.md/);
    assert.equal(AgentBackend, ContainerBackend);
  } finally {
    await box.dispose();
  }
});
