// client.mjs - `acs mcp` driven by the official MCP SDK client, plus raw
// JSON-RPC lines for what the SDK would never send. Prints "ok NAME" or
// "FAIL NAME" per check and ends with "N passed, N failed".
//
// ACS: the acs binary (default build/acs).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ACS = path.resolve(process.env.ACS || "build/acs");
const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "acs-mcp-")));
const WORK = path.join(TMP, "work");
const OUTSIDE = path.join(TMP, "outside"); // a directory the tools must not reach
fs.mkdirSync(WORK);
fs.mkdirSync(OUTSIDE);
fs.writeFileSync(path.join(OUTSIDE, "secret.txt"), "secret\n");

let passed = 0, failed = 0;
function report(name, ok, detail) {
  if (ok) { passed++; console.log(`ok ${name}`); return; }
  failed++;
  console.log(`FAIL ${name}`);
  if (detail !== undefined) console.log("  " + String(detail).slice(0, 800).replace(/\n/g, "\n  "));
}
async function check(name, fn) {
  try {
    const r = await fn();
    if (r === true) report(name, true);
    else report(name, false, typeof r === "string" ? r : JSON.stringify(r));
  } catch (e) {
    report(name, false, e && e.stack || e);
  }
}
const text = (r) => (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("");
const show = (r) => JSON.stringify(r);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Everything the servers wrote to stderr: a sanitizer report there fails
// the last check.
let serverStderr = "";

async function connect(extra = []) {
  const transport = new StdioClientTransport({
    command: ACS,
    args: ["mcp", "--work-dir", WORK, "--allow-domain", "127.0.0.1:1", ...extra],
    stderr: "pipe",
  });
  transport.stderr.on("data", (d) => { serverStderr += d; });
  const client = new Client({ name: "acs-mcp-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

// ------------------------------------------------------------- SDK client

const { client } = await connect();
const call = (name, args, opts) => client.callTool({ name, arguments: args }, undefined, opts);
const run = (args) => call("run_code", args);

await check("initialize: server name and the tools capability", () => {
  const v = client.getServerVersion();
  return (v.name === "agent-code-sandbox" && !!client.getServerCapabilities().tools) || show(v);
});

await check("ping", async () => show(await client.ping()) === "{}" || "bad ping");

let tools;
await check("tools/list: the four tools, each with a JSON Schema", async () => {
  tools = (await client.listTools()).tools;
  const names = tools.map((t) => t.name).sort().join(",");
  const schemas = tools.every((t) => t.inputSchema && t.inputSchema.type === "object");
  return (names === "list_files,read_file,run_code,write_file" && schemas) || names;
});

await check("tools/list: run_code needs code, offers domains and packages", () => {
  const t = tools.find((t) => t.name === "run_code");
  const p = t.inputSchema.properties;
  return (t.inputSchema.required.includes("code") && p.language && p.timeoutMs &&
    p.domains.items.enum.join() === "127.0.0.1:1" && p.packages && p.packages.type === "array" &&
    /npm packages: imported by name/.test(t.description) && !!t.outputSchema) || show(t);
});

await check("run_code js: output comes back", async () => {
  const r = await run({ language: "js", code: "console.log(2 ** 10)" });
  return (text(r) === "1024\n" && !r.isError && r.structuredContent.exitCode === 0) || show(r);
});

await check("run_code ts (the default): types are stripped", async () => {
  const r = await run({ code: "interface P { n: number }\nconst p: P = { n: 6 * 7 };\nconsole.log(p.n as number)" });
  return (text(r) === "42\n" && !r.isError) || show(r);
});

await check("run_code: top-level await and node builtins", async () => {
  const r = await run({ code: "import { createHash } from 'node:crypto';\nawait 0;\nconsole.log(createHash('sha256').update('x').digest('hex').slice(0, 8))" });
  return (text(r) === "2d711642\n") || show(r);
});

await check("run_code: a thrown error is a failed call with stderr and the exit code", async () => {
  const r = await run({ code: "console.log('before'); throw new Error('boom')" });
  const t = text(r);
  return (r.isError === true && t.startsWith("before\n[stderr]\n") && t.includes("Error: boom") &&
    t.endsWith("[exit code 1]") && r.structuredContent.exitCode === 1) || show(r);
});

await check("run_code: process.exit(3)", async () => {
  const r = await run({ code: "process.exit(3)" });
  return (r.isError && text(r) === "[exit code 3]") || show(r);
});

await check("run_code: no output says so", async () => {
  const r = await run({ code: "const a = 1" });
  return (text(r) === "(no output)" && !r.isError) || show(r);
});

await check("run_code: a timeout stops the run", async () => {
  const t0 = Date.now();
  const r = await run({ code: "for (;;) {}", timeoutMs: 300 });
  const ms = Date.now() - t0;
  return (r.isError && text(r).endsWith("[stopped: time limit of 300 ms reached]") &&
    r.structuredContent.timedOut === true && r.structuredContent.stoppedBy === "timeout" &&
    r.structuredContent.exitCode === null && ms < 15000) || show(r);
});

await check("run_code: bad arguments are tool errors the model can read", async () => {
  const a = await run({});
  const b = await run({ code: 1 });
  const c = await run({ code: "1", language: "python" });
  const d = await run({ code: "1", timeoutMs: -5 });
  const e = await run({ code: "1", frob: 1 });
  return (a.isError && /missing argument 'code'/.test(text(a)) &&
    b.isError && /'code' must be a string/.test(text(b)) &&
    c.isError && /language must be/.test(text(c)) &&
    d.isError && /timeoutMs/.test(text(d)) &&
    e.isError && /unknown argument 'frob'/.test(text(e))) || show([a, b, c, d, e]);
});

await check("run_code: packages narrows what the code may import", async () => {
  const a = await run({ code: "1", packages: ["lodash"] });
  const b = await run({ code: 'import _ from "zod"; _', packages: ["lodash"] });
  const c = await run({ code: "1", packages: [7] });
  const d = await run({ code: "1", packages: ["Bad Name"] });
  return (!a.isError && a.structuredContent.exitCode === 0 &&
    b.structuredContent.exitCode === 1 && /Package "zod" is not allowed; allowed: lodash\./.test(text(b)) &&
    c.isError && /packages\[0\] must be a string/.test(text(c)) &&
    d.isError && /Bad Name/.test(text(d))) || show([a, b, c, d]);
});

await check("--allow-package bounds the packages a call may ask for; --no-packages allows none", async () => {
  const c1 = (await connect(["--allow-package", "lodash@4"])).client;
  const r1 = await c1.callTool({ name: "run_code", arguments: { code: "1", packages: ["zod"] } });
  const r2 = await c1.callTool({ name: "run_code", arguments: { code: 'import z from "zod"; z' } });
  const t1 = (await c1.listTools()).tools.find((t) => t.name === "run_code");
  await c1.close();
  const c2 = (await connect(["--no-packages"])).client;
  const r3 = await c2.callTool({ name: "run_code", arguments: { code: 'import z from "zod"; z' } });
  const t2 = (await c2.listTools()).tools.find((t) => t.name === "run_code");
  await c2.close();
  return (r1.isError && /Package "zod" is not allowed; allowed: lodash@4\./.test(text(r1)) &&
    r2.structuredContent.exitCode === 1 && /Package "zod" is not allowed/.test(text(r2)) &&
    /the operator allows only: lodash@4/.test(t1.description) &&
    r3.structuredContent.exitCode === 1 && /no packages are allowed/.test(text(r3)) &&
    !t2.inputSchema.properties.packages && /npm packages: none/.test(t2.description)) || show([r1, r2, r3, t1.description]);
});

await check("run_code: a domain the operator did not allow is refused, naming both lists", async () => {
  const r = await run({ code: "1", domains: ["example.com", "127.0.0.1:1"] });
  const t = text(r);
  return (r.isError && t.includes("domains not allowed: example.com.") &&
    t.includes("allows only: 127.0.0.1:1")) || show(r);
});

await check("run_code: an allowed domain reaches the network policy, others do not", async () => {
  const code = "import http from 'node:http';\nhttp.get('http://127.0.0.1:1/').on('error', (e) => console.log(e.message));";
  const without = text(await run({ code }));
  const withd = text(await run({ code, domains: ["127.0.0.1:1"] }));
  return (/network access is off/.test(without) && /ECONNREFUSED/.test(withd)) || show([without, withd]);
});

// Each run leaves a marker and waits (up to 20 s) for the other's: both
// see each other only if they ran at the same time, however slow the
// machine; one after the other, the first would say "alone".
await check("run_code: runs overlap", async () => {
  const c = (await connect(["--jobs", "2"])).client;
  const code = (me, other) => `import fs from "node:fs"; fs.writeFileSync("ov-${me}", ""); const t0 = Date.now();
while (!fs.existsSync("ov-${other}") && Date.now() - t0 < 20000) await new Promise((r) => setTimeout(r, 20));
console.log(fs.existsSync("ov-${other}") ? "together" : "alone")`;
  const one = (me, other) => c.callTool({ name: "run_code", arguments: { code: code(me, other) } }, undefined, { timeout: 60000 });
  const rs = await Promise.all([one("a", "b"), one("b", "a")]);
  await c.close();
  for (const m of ["ov-a", "ov-b"]) fs.rmSync(path.join(WORK, m), { force: true });
  return rs.every((r) => text(r) === "together\n") || show(rs);
});

await check("run_code: notifications/cancelled stops the run", async () => {
  const ac = new AbortController();
  const code = "await new Promise(r => setTimeout(r, 3000)); (await import('node:fs')).writeFileSync('late.txt', 'x')";
  const p = call("run_code", { code }, { signal: ac.signal }).then(() => "answered", (e) => "rejected");
  await sleep(400);
  ac.abort();
  const how = await p;
  await sleep(3500);
  const pong = await client.ping();
  return (how === "rejected" && !fs.existsSync(path.join(WORK, "late.txt")) && !!pong) || how;
});

// ------------------------------------------------------------- file tools

await check("write_file: creates parent directories", async () => {
  const r = await call("write_file", { path: "src/deep/a.txt", content: "héllo\n" });
  return (!r.isError && fs.readFileSync(path.join(WORK, "src/deep/a.txt"), "utf8") === "héllo\n") || show(r);
});

await check("read_file: reads it back", async () => {
  const r = await call("read_file", { path: "src/deep/a.txt" });
  return (!r.isError && text(r) === "héllo\n") || show(r);
});

await check("read_file: an absolute path inside the work dir", async () => {
  const r = await call("read_file", { path: path.join(WORK, "src/deep/a.txt") });
  return (!r.isError && text(r) === "héllo\n") || show(r);
});

await check("the work dir is shared: a run reads what write_file wrote, and back", async () => {
  const r = await run({ code: "import fs from 'node:fs';\nconst t = fs.readFileSync('src/deep/a.txt', 'utf8');\nfs.writeFileSync('from-run.txt', t.toUpperCase());" });
  const back = await call("read_file", { path: "from-run.txt" });
  return (!r.isError && text(back) === "HÉLLO\n") || show([r, back]);
});

await check("list_files: names, directories end with /", async () => {
  const r = await call("list_files", {});
  const r2 = await call("list_files", { path: "src" });
  return (text(r) === "from-run.txt\nsrc/\n" && text(r2) === "deep/\n") || show([r, r2]);
});

await check("list_files: a file is not a directory; a missing one is named", async () => {
  const a = await call("list_files", { path: "from-run.txt" });
  const b = await call("list_files", { path: "nope" });
  return (a.isError && /not a directory/.test(text(a)) && b.isError && /'nope' does not exist/.test(text(b))) || show([a, b]);
});

await check("read_file: binary and over 1 MiB are refused", async () => {
  await run({ code: "import fs from 'node:fs';\nfs.writeFileSync('bin', Buffer.from([0, 255, 1]));\nfs.writeFileSync('big.txt', 'x'.repeat((1 << 20) + 1));" });
  const a = await call("read_file", { path: "bin" });
  const b = await call("read_file", { path: "big.txt" });
  return (a.isError && /binary/.test(text(a)) && b.isError && /at most 1048576/.test(text(b))) || show([a, b]);
});

await check("read_file: a directory is refused", async () => {
  const r = await call("read_file", { path: "src" });
  return (r.isError && /is a directory/.test(text(r))) || show(r);
});

await check("refused: ../x", async () => {
  const r = await call("read_file", { path: "../outside/secret.txt" });
  return (r.isError && /outside the work dir/.test(text(r)) && !text(r).includes("secret\n")) || show(r);
});

await check("refused: /etc/passwd", async () => {
  const r = await call("read_file", { path: "/etc/passwd" });
  return (r.isError && /outside the work dir/.test(text(r)) && !/root:/.test(text(r))) || show(r);
});

await check("refused: write_file ../x creates nothing outside", async () => {
  const r = await call("write_file", { path: "../escaped.txt", content: "x" });
  const r2 = await call("write_file", { path: path.join(OUTSIDE, "abs.txt"), content: "x" });
  return (r.isError && /outside the work dir/.test(text(r)) && r2.isError &&
    !fs.existsSync(path.join(TMP, "escaped.txt")) && !fs.existsSync(path.join(OUTSIDE, "abs.txt"))) || show([r, r2]);
});

await check("refused: list_files ..", async () => {
  const r = await call("list_files", { path: ".." });
  return (r.isError && /outside the work dir/.test(text(r))) || show(r);
});

await check("inside: a/../x stays in the work dir", async () => {
  const r = await call("read_file", { path: "src/../from-run.txt" });
  return (!r.isError && text(r) === "HÉLLO\n") || show(r);
});

await check("a symbolic link inside the work dir is followed", async () => {
  fs.symlinkSync("src/deep", path.join(WORK, "inlink"));
  const r = await call("read_file", { path: "inlink/a.txt" });
  const l = await call("list_files", {});
  fs.unlinkSync(path.join(WORK, "inlink"));
  return (text(r) === "héllo\n" && text(l).includes("inlink/\n")) || show([r, l]);
});

await check("refused: symbolic links pointing outside (file, dir, write through)", async () => {
  fs.symlinkSync("/etc/passwd", path.join(WORK, "pw"));
  fs.symlinkSync(OUTSIDE, path.join(WORK, "out"));
  const a = await call("read_file", { path: "pw" });
  const b = await call("read_file", { path: "out/secret.txt" });
  const c = await call("write_file", { path: "out/new.txt", content: "x" });
  const d = await call("list_files", { path: "out" });
  const l = await call("list_files", {});
  fs.unlinkSync(path.join(WORK, "pw"));
  fs.unlinkSync(path.join(WORK, "out"));
  const all = [a, b, c, d];
  return (all.every((r) => r.isError && /outside the work dir/.test(text(r))) &&
    !fs.existsSync(path.join(OUTSIDE, "new.txt")) &&
    /out \(symbolic link leading outside the work dir\)/.test(text(l))) || show([...all, l]);
});

await check("unknown tool is a protocol error (-32602)", async () => {
  try {
    await call("nope", {});
    return "no error";
  } catch (e) {
    return e.code === -32602 || String(e);
  }
});

await client.close();

// ------------------------------------------------------------- operator caps

await check("--timeout-ms caps what a call asks for", async () => {
  const c = (await connect(["--timeout-ms", "500"])).client;
  const t0 = Date.now();
  const r = await c.callTool({ name: "run_code", arguments: { code: "for (;;) {}", timeoutMs: 100000 } });
  const ms = Date.now() - t0;
  await c.close();
  return (r.isError && text(r).endsWith("[stopped: time limit of 500 ms reached]") && ms < 15000) || show(r);
});

await check("--env is visible to runs", async () => {
  const c = (await connect(["--env", "GREETING=hi"])).client;
  const r = await c.callTool({ name: "run_code", arguments: { code: "console.log(process.env.GREETING)" } });
  await c.close();
  return text(r) === "hi\n" || show(r);
});

// ------------------------------------------------------------- raw JSON-RPC

// Send lines, collect answer lines until `want` arrived or `ms` passed.
function raw(lines, want, ms = 30000, extra = []) {
  return new Promise((resolve) => {
    const p = spawn(ACS, ["mcp", "--work-dir", WORK, ...extra], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "", finished = false;
    const closed = new Promise((r) => p.on("close", r));
    const count = () => out.split("\n").filter(Boolean).length;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      p.stdin.end();
      closed.then((code) => {
        const answers = out.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return { unparsable: l }; } });
        resolve({ answers, code });
      });
    };
    const timer = setTimeout(done, ms);
    p.stdout.on("data", (d) => {
      out += d;
      if (count() >= want) done();
    });
    p.stdin.on("error", () => {});
    p.stderr.on("data", (d) => { serverStderr += d; });
    for (const l of lines) p.stdin.write(l + "\n");
  });
}
const init = (v) => JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
const byId = (answers, id) => answers.find((a) => a.id === id);

await check("raw: bad input gets JSON-RPC errors, and the server stays up", async () => {
  const { answers, code } = await raw([
    init(LATEST_PROTOCOL_VERSION),
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    "this is not json",
    "[1,2]",
    "42",
    '{"jsonrpc":"2.0","id":1,"method":"resources/list"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}',
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":[1]}',
    '{"jsonrpc":"1.0","id":4,"method":"ping"}',
    '{"jsonrpc":"2.0","id":{},"method":"ping"}',
    '{"jsonrpc":"2.0","method":"notifications/whatever"}',
    '{"jsonrpc":"2.0","id":5,"method":"initialize","params":{}}',
    '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"run_code","arguments":"x"}}',
    '{"jsonrpc":"2.0","id":"last","method":"ping"}',
  ], 12);
  const err = (id) => byId(answers, id)?.error?.code;
  const nulls = answers.filter((a) => a.id === null).map((a) => a.error.code).join();
  const ok = byId(answers, 0)?.result?.protocolVersion === LATEST_PROTOCOL_VERSION &&
    nulls === "-32700,-32600,-32600,-32600" && err(1) === -32601 && err(2) === -32602 &&
    err(3) === -32602 && err(4) === -32600 && err(5) === -32602 && err(6) === -32602 &&
    show(byId(answers, "last")?.result) === "{}" && answers.length === 12 && code === 0;
  return ok || show(answers);
});

await check("raw: an older revision is echoed; an unknown one gets ours", async () => {
  const a = await raw([init("2025-03-26")], 1);
  const b = await raw([init("1999-01-01")], 1);
  return (a.answers[0].result.protocolVersion === "2025-03-26" &&
    b.answers[0].result.protocolVersion === LATEST_PROTOCOL_VERSION) || show([a, b]);
});

await check("raw: 2024-11-05 gets no outputSchema, title or structuredContent", async () => {
  const { answers } = await raw([init("2024-11-05"),
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"console.log(1)"}}}'], 3);
  const t = byId(answers, 1).result.tools.find((t) => t.name === "run_code");
  const r = byId(answers, 2).result;
  return (!t.outputSchema && !t.title && !t.annotations && !r.structuredContent &&
    r.content[0].text === "1\n") || show(answers);
});

await check("raw: a cancelled call gets no answer; the others do", async () => {
  const { answers } = await raw([init(LATEST_PROTOCOL_VERSION),
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"setInterval(() => {}, 1000)"}}}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"await new Promise(r => setTimeout(r, 1500)); console.log(2)"}}}'], 2, 20000);
  return (!byId(answers, 1) && byId(answers, 2)?.result?.content[0].text === "2\n" && answers.length === 2) || show(answers);
});

await check("raw: end of stdin stops runs and the server exits", async () => {
  const t0 = Date.now();
  const { code } = await raw([init(LATEST_PROTOCOL_VERSION),
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"setInterval(() => {}, 1000)","timeoutMs":30000}}}'], 2, 800);
  const ms = Date.now() - t0;
  return (code === 0 && ms < 20000) || `code ${code}, ${ms} ms`;
});

// ------------------------------------------------------------- start-up

await check("start-up: a missing work dir exits 2 with a clear message", () => {
  const r = spawnSync(ACS, ["mcp", "--work-dir", path.join(TMP, "nope")], { input: "" });
  return (r.status === 2 && /work dir .* does not exist/.test(r.stderr) && r.stdout.length === 0) || `${r.status} ${r.stderr}`;
});

await check("start-up: an empty --work-dir, a bad --allow-domain, a reserved --env exit 2", () => {
  const a = spawnSync(ACS, ["mcp", "--work-dir", ""], { input: "" });
  const b = spawnSync(ACS, ["mcp", "--work-dir", WORK, "--allow-domain", "https://x"], { input: "" });
  const c = spawnSync(ACS, ["mcp", "--work-dir", WORK, "--env", "LD_PRELOAD=x"], { input: "" });
  return (a.status === 2 && /--work-dir/.test(a.stderr) && b.status === 2 && /https:\/\/x/.test(b.stderr) &&
    c.status === 2 && /LD_PRELOAD/.test(c.stderr)) || `${a.status} ${a.stderr} ${b.status} ${b.stderr} ${c.status} ${c.stderr}`;
});

// A bare `acs mcp` (how MCP clients are usually configured): a fresh
// temporary work dir, named in the instructions, shared by the file tools
// and the runs, and gone when the server exits, with what was written there.
await check("no flags: a temporary work dir, named, used by runs and file tools, removed at exit", async () => {
  const TMPD = fs.mkdtempSync(path.join(os.tmpdir(), "acs-mcp-parent-"));
  const transport = new StdioClientTransport({ command: ACS, args: ["mcp"], stderr: "pipe", env: { ...process.env, TMPDIR: TMPD } });
  transport.stderr.on("data", (d) => { serverStderr += d; });
  const c = new Client({ name: "bare", version: "1" });
  await c.connect(transport);
  const ins = c.getInstructions() ?? "";
  const m = /temporary directory \(([^)]+)\)/.exec(ins);
  const dir = m ? m[1] : "";
  const w = await c.callTool({ name: "write_file", arguments: { path: "notes/a.txt", content: "from the tool\n" } });
  const r = await c.callTool({ name: "run_code", arguments: { code: "import fs from 'node:fs'; console.log(fs.readFileSync('notes/a.txt', 'utf8').trim(), process.cwd() === " + JSON.stringify(dir) + "); fs.writeFileSync('b.txt', 'from the run'); fs.mkdirSync('ro'); fs.chmodSync('ro', 0o500); fs.symlinkSync('notes', 'notes-link')" } });
  const l = await c.callTool({ name: "list_files", arguments: {} });
  const existed = dir !== "" && fs.existsSync(path.join(dir, "b.txt")) && path.dirname(dir) === fs.realpathSync(TMPD);
  await c.close();
  for (let i = 0; i < 200 && fs.existsSync(dir); i++) await sleep(50);
  const gone = !fs.existsSync(dir) && fs.readdirSync(TMPD).length === 0 && fs.existsSync("/etc/hostname");
  fs.rmSync(TMPD, { recursive: true, force: true });
  return (existed && gone && !w.isError && text(r) === "from the tool true\n" && /b\.txt/.test(text(l))) ||
    show({ ins, dir, existed, gone, w, r, l });
});

await check("the servers wrote no sanitizer report and nothing unexpected to stderr", () =>
  !/Sanitizer|runtime error:/.test(serverStderr) || serverStderr);

fs.rmSync(TMP, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
