// box.mjs - `acs mcp --box` driven by the official MCP SDK client: one box
// for the connection, its shell session, the file tools as the box's user,
// run_code with the box's node, cancel, and no box process left on the
// host once the client is gone. Prints "ok NAME" or "FAIL NAME" per check
// and ends with "N passed, N failed".
//
// ACS: the acs binary (default build/acs).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ACS = path.resolve(process.env.ACS || "build/acs");
const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "acs-mcpbox-")));
const SECRET = path.join(TMP, "host-secret.txt"); // a host file no tool may show
fs.writeFileSync(SECRET, "host secret\n");

let passed = 0, failed = 0;
function report(name, ok, detail) {
  if (ok) { passed++; console.log(`ok ${name}`); return; }
  failed++;
  console.log(`FAIL ${name}`);
  if (detail !== undefined) console.log("  " + String(detail).slice(0, 1200).replace(/\n/g, "\n  "));
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
let serverStderr = "";

async function connect(extra = []) {
  const transport = new StdioClientTransport({ command: ACS, args: ["mcp", "--box", ...extra], stderr: "pipe" });
  transport.stderr.on("data", (d) => { serverStderr += d; });
  const client = new Client({ name: "acs-mcpbox-test", version: "1.0.0" });
  await client.connect(transport);
  const call = (name, args, opts) => client.callTool({ name, arguments: args }, undefined, { timeout: 60000, ...opts });
  return { client, transport, call };
}

// Every process on the host below pid (by the parent links of /proc).
function descendants(pid) {
  const kids = new Map();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(st.slice(st.lastIndexOf(")") + 2).split(" ")[1]);
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(Number(d));
    } catch {}
  }
  const out = [], todo = [pid];
  while (todo.length) for (const k of kids.get(todo.pop()) || []) { out.push(k); todo.push(k); }
  return out;
}
// Whether pid still exists and is not a zombie.
function alive(pid) {
  try {
    const st = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return st.slice(st.lastIndexOf(")") + 2)[0] !== "Z";
  } catch { return false; }
}
async function allGone(pids, ms = 20000) {
  const t0 = Date.now();
  while (pids.some(alive) && Date.now() - t0 < ms) await sleep(50);
  return pids.filter(alive);
}

// ------------------------------------------------------------- root's box

const { client, transport, call } = await connect(["--hostname", "mcpbox"]);
const sh = (command, extra = {}, opts) => call("shell", { command, ...extra }, opts);

await check("tools/list: the eight tools, each with a closed JSON Schema", async () => {
  const tools = (await client.listTools()).tools;
  const names = tools.map((t) => t.name).sort().join(",");
  const req = Object.fromEntries(tools.map((t) => [t.name, (t.inputSchema.required || []).join(",")]));
  return (names === "edit_file,glob,grep,list_files,read_file,run_code,shell,write_file" &&
    tools.every((t) => t.inputSchema.type === "object" && t.inputSchema.additionalProperties === false && t.description.length < 600) &&
    req.shell === "command" && req.run_code === "code" && req.edit_file === "path,old_string,new_string" &&
    req.grep === "pattern" && req.glob === "pattern" && req.list_files === "") || show(tools);
});

await check("instructions: one box, its user and where relative paths start", () => {
  const ins = client.getInstructions() ?? "";
  return (/as user root/.test(ins) && /Relative paths start at \/root/.test(ins)) || ins;
});

await check("shell: a session across calls (cd, export, a function, a plain variable)", async () => {
  const a = await sh("cd /tmp && export A=one && B=two && f() { echo \"fn $1\"; }");
  const b = await sh("pwd; echo $A $B; f three; hostname");
  return (!a.isError && text(a) === "(no output)" && text(b) === "/tmp\none two\nfn three\nmcpbox\n" &&
    b.structuredContent.exitCode === 0) || show([a, b]);
});

await check("shell: stdout, then stderr, then the exit code", async () => {
  const r = await sh("echo out; echo err >&2; (exit 3)");
  return (r.isError && text(r) === "out\n[stderr]\nerr\n[exit code 3]" && r.structuredContent.stderr === "err\n" &&
    r.structuredContent.exitCode === 3) || show(r);
});

await check("shell: a time limit stops the command; the session goes on", async () => {
  const t0 = Date.now();
  const r = await sh("echo started; sleep 30; echo never", { timeoutMs: 500 });
  const ms = Date.now() - t0;
  const after = await sh("pwd; echo $A");
  return (r.isError && text(r).startsWith("started\n") && !text(r).includes("never") &&
    text(r).endsWith("[stopped: time limit of 500 ms reached]") && r.structuredContent.timedOut === true &&
    ms < 15000 && text(after) === "/tmp\none\n") || show([r, after, ms]);
});

await check("shell: output past the limit keeps its start and end, with a note", async () => {
  const r = await sh("seq 1 100000");
  const t = text(r);
  return (t.startsWith("1\n2\n3\n") && t.includes("100000\n") && /bytes of stdout dropped here/.test(t) &&
    t.includes("[output truncated: the middle was dropped") && r.structuredContent.truncated === true &&
    t.length < 110000) || show(t.slice(0, 300));
});

await check("shell: notifications/cancelled stops a running command; the session goes on", async () => {
  const ac = new AbortController();
  const p = sh("sleep 20; echo late > /tmp/late", {}, { signal: ac.signal }).then(() => "answered", () => "rejected");
  await sleep(500);
  ac.abort();
  const how = await p;
  const t0 = Date.now();
  const r = await sh("cat /tmp/late 2>/dev/null || echo 'not written'; echo $A");
  const ms = Date.now() - t0;
  return (how === "rejected" && text(r) === "not written\none\n" && ms < 10000) || show([how, r, ms]);
});

await check("write_file: seen by the shell; relative paths start in the home", async () => {
  const a = await call("write_file", { path: "/srv/app/notes.txt", content: "héllo\nwörld\n" });
  const b = await call("write_file", { path: "rel/x.txt", content: "relative\n" });
  const c = await sh("cat /srv/app/notes.txt ~/rel/x.txt; stat -c %s /srv/app/notes.txt");
  return (text(a) === "Created /srv/app/notes.txt (14 bytes)" && text(b) === "Created /root/rel/x.txt (9 bytes)" &&
    text(c) === "héllo\nwörld\nrelative\n14\n") || show([a, b, c]);
});

await check("write_file: replacing says so and keeps the file's mode", async () => {
  await sh("chmod 750 /srv/app/notes.txt");
  const r = await call("write_file", { path: "/srv/app/notes.txt", content: "one\n" });
  const s = await sh("stat -c %a /srv/app/notes.txt; cat /srv/app/notes.txt");
  return (text(r) === "Replaced /srv/app/notes.txt (4 bytes)" && text(s) === "750\none\n") || show([r, s]);
});

// The numbered lines are those of deepagents' BaseSandbox read: awk's
// printf "%6d\t%s\n" over NR >= offset+1 && NR <= offset+limit. The same
// awk line runs on the host on the same file.
await check("read_file: numbered lines, offset and limit, as awk prints them on the host", async () => {
  const body = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\twith a tab`).join("\n") + "\n";
  await call("write_file", { path: "/srv/lines.txt", content: body });
  fs.writeFileSync(path.join(TMP, "lines.txt"), body);
  const awk = (s, e) => spawnSync("awk", [`NR >= ${s} && NR <= ${e} {printf "%6d\\t%s\\n", NR, $0}`, path.join(TMP, "lines.txt")], { encoding: "utf8" }).stdout;
  const all = await call("read_file", { path: "/srv/lines.txt" });
  const part = await call("read_file", { path: "/srv/lines.txt", offset: 3, limit: 4 });
  const tail = await call("read_file", { path: "/srv/lines.txt", offset: 10 });
  return (text(all) === awk(1, 12) && text(part) === awk(4, 7) + "[lines 4-7 of 12; read on with offset 7]\n" &&
    text(tail) === awk(11, 12)) || show([text(all), text(part), text(tail), awk(4, 7)]);
});

await check("read_file: past the end, an empty file, a directory, a missing file", async () => {
  await sh("printf '' > /srv/empty");
  const a = await call("read_file", { path: "/srv/lines.txt", offset: 12 });
  const b = await call("read_file", { path: "/srv/empty" });
  const c = await call("read_file", { path: "/srv" });
  const d = await call("read_file", { path: "/srv/nope.txt" });
  return (a.isError && text(a) === "offset 12 is past the end: '/srv/lines.txt' has 12 lines" &&
    !b.isError && text(b) === "(/srv/empty is empty)" &&
    c.isError && text(c) === "'/srv' is a directory: use list_files or glob" &&
    d.isError && text(d) === "'/srv/nope.txt' does not exist (list_files or glob show what is there)") || show([a, b, c, d]);
});

await check("read_file: a binary file, a file over 10 MiB and a device are refused with a message", async () => {
  await sh("printf 'ab\\000\\001\\377' > /srv/bin; head -c 11000000 /dev/zero | tr '\\0' a > /srv/big");
  const r = await call("read_file", { path: "/srv/bin" });
  const b = await call("read_file", { path: "/srv/big" });
  const d = await call("read_file", { path: "/dev/zero" });
  await sh("rm /srv/big");
  return (r.isError && text(r) === "'/srv/bin' is a binary file (5 bytes, not UTF-8 text): read_file shows text only; look at it with the shell (file, od -c, xxd)" &&
    b.isError && text(b) === "'/srv/big' is larger than 10 MiB: look at parts of it with the shell (head, tail, sed -n '100,200p') or search it with grep" &&
    d.isError && text(d) === "'/dev/zero' is not a regular file (a fifo, socket or device)") || show([r, b, d]);
});

await check("edit_file: one occurrence replaced, seen by the shell", async () => {
  await call("write_file", { path: "/srv/e.ts", content: "const a = 1;\nconst b = 2;\nconst b2 = 2;\n" });
  const r = await call("edit_file", { path: "/srv/e.ts", old_string: "const a = 1;", new_string: "const a = 10;" });
  const s = await sh("cat /srv/e.ts");
  return (text(r) === "Replaced 1 occurrence in /srv/e.ts" && text(s) === "const a = 10;\nconst b = 2;\nconst b2 = 2;\n") || show([r, s]);
});

await check("edit_file: errors worded for a model (missing, not unique, empty, the same)", async () => {
  const miss = await call("edit_file", { path: "/srv/e.ts", old_string: "const c = 3;", new_string: "x" });
  const many = await call("edit_file", { path: "/srv/e.ts", old_string: " = 2;", new_string: " = 3;" });
  const empty = await call("edit_file", { path: "/srv/e.ts", old_string: "", new_string: "x" });
  const same = await call("edit_file", { path: "/srv/e.ts", old_string: "b", new_string: "b" });
  const none = await call("edit_file", { path: "/srv/none.ts", old_string: "a", new_string: "b" });
  const s = await sh("cat /srv/e.ts");
  return (miss.isError && text(miss) === "old_string was not found in /srv/e.ts. It must match the file exactly, whitespace and indentation included: read_file that part again and copy it." &&
    many.isError && text(many) === "old_string occurs 2 times in /srv/e.ts. Include more of the surrounding lines so that it occurs once, or set replace_all to true to replace all 2." &&
    empty.isError && text(empty) === "old_string is empty: give the exact text to replace (to write a whole file, use write_file)" &&
    same.isError && text(same) === "old_string and new_string are the same: nothing would change" &&
    none.isError && /does not exist/.test(text(none)) &&
    text(s) === "const a = 10;\nconst b = 2;\nconst b2 = 2;\n") || show([miss, many, empty, same, none, s]);
});

await check("edit_file: replace_all replaces every occurrence", async () => {
  const r = await call("edit_file", { path: "/srv/e.ts", old_string: " = 2;", new_string: " = 3;", replace_all: true });
  const s = await sh("cat /srv/e.ts");
  return (text(r) === "Replaced 2 occurrences in /srv/e.ts" && text(s) === "const a = 10;\nconst b = 3;\nconst b2 = 3;\n") || show([r, s]);
});

await check("list_files: directories end with /, links show their target", async () => {
  await sh("mkdir -p /srv/l/sub && touch /srv/l/b.txt /srv/l/.hidden && ln -s /etc/hostname /srv/l/host");
  const r = await call("list_files", { path: "/srv/l" });
  const f = await call("list_files", { path: "/srv/l/b.txt" });
  return (text(r) === ".hidden\nb.txt\nhost -> /etc/hostname\nsub/\n" && f.isError &&
    text(f) === "'/srv/l/b.txt' is a file, not a directory") || show([r, f]);
});

await check("grep: literal by default, regex when asked, glob narrows, no match said", async () => {
  await call("write_file", { path: "/srv/g/a.ts", content: "let x = a.c;\nabc\n" });
  await call("write_file", { path: "/srv/g/sub/b.js", content: "a.c in js\nABC\n" });
  const lit = await call("grep", { pattern: "a.c", path: "/srv/g" });
  const re = await call("grep", { pattern: "a.c", path: "/srv/g", regex: true, glob: "*.ts" });
  const ic = await call("grep", { pattern: "abc", path: "/srv/g/sub", ignore_case: true });
  const none = await call("grep", { pattern: "zzz", path: "/srv/g" });
  const bad = await call("grep", { pattern: "(", path: "/srv/g", regex: true });
  const paren = await call("grep", { pattern: "(", path: "/srv/g" });
  return (text(lit) === "/srv/g/a.ts:1:let x = a.c;\n/srv/g/sub/b.js:1:a.c in js\n" &&
    text(re) === "/srv/g/a.ts:1:let x = a.c;\n/srv/g/a.ts:2:abc\n" &&
    text(ic) === "/srv/g/sub/b.js:2:ABC\n" &&
    !none.isError && text(none) === "No matches for 'zzz' in /srv/g" &&
    bad.isError && /^bad regex '\(':/.test(text(bad)) && !paren.isError && text(paren) === "No matches for '(' in /srv/g") ||
    show([lit, re, ic, none, bad, paren]);
});

await check("glob: ** across directories, * within a name, sorted absolute paths", async () => {
  await sh("mkdir -p /srv/p/src/deep /srv/p/lib && touch /srv/p/src/a.ts /srv/p/src/deep/b.ts /srv/p/src/c.js /srv/p/lib/d.ts /srv/p/top.ts");
  const a = await call("glob", { pattern: "**/*.ts", path: "/srv/p" });
  const b = await call("glob", { pattern: "src/*.ts", path: "/srv/p" });
  const c = await call("glob", { pattern: "/srv/p/src/**" });
  const d = await call("glob", { pattern: "*.py", path: "/srv/p" });
  await sh("touch /srv/p/src/.hidden.ts");
  const e = await call("glob", { pattern: "src/.*", path: "/srv/p" });
  const f = await call("glob", { pattern: "**/*.ts", path: "/srv/nope" });
  return (text(a) === "/srv/p/lib/d.ts\n/srv/p/src/a.ts\n/srv/p/src/deep/b.ts\n/srv/p/top.ts\n" &&
    text(b) === "/srv/p/src/a.ts\n" &&
    text(c) === "/srv/p/src/a.ts\n/srv/p/src/c.js\n/srv/p/src/deep/\n/srv/p/src/deep/b.ts\n" &&
    text(d) === "No files match '*.py' under /srv/p" && text(e) === "/srv/p/src/.hidden.ts\n" &&
    f.isError && text(f) === "'/srv/nope' does not exist (list_files or glob show what is there)") || show([a, b, c, d, e, f]);
});

await check("run_code: TypeScript with the box's node sees the box's files; relative imports", async () => {
  await call("write_file", { path: "util.ts", content: "export const twice = (n: number): number => n * 2;\n" });
  const r = await call("run_code", { code: "import { twice } from './util.ts';\nimport fs from 'node:fs';\nconst t: string = fs.readFileSync('/srv/app/notes.txt', 'utf8');\nconsole.log(twice(21), t.trim(), process.cwd(), process.version);\nfs.writeFileSync('/srv/from-code.txt', 'hi');" });
  const s = await sh("cat /srv/from-code.txt; ls -a ~ | grep -c acs-run || true");
  return (text(r) === "42 one /root v22.12.0\n" && !r.isError && text(s) === "hi0\n") || show([r, s]);
});

await check("run_code: js, a thrown error, a time limit", async () => {
  const a = await call("run_code", { code: "console.log(typeof require, await Promise.resolve(7))", language: "js" });
  const b = await call("run_code", { code: "throw new Error('boom')" });
  const c = await call("run_code", { code: "for (;;) {}", timeoutMs: 500 });
  const after = await sh("echo $A");
  return (text(a) === "undefined 7\n" && b.isError && /Error: boom/.test(text(b)) && text(b).endsWith("[exit code 1]") &&
    c.isError && text(c).endsWith("[stopped: time limit of 500 ms reached]") && text(after) === "one\n") || show([a, b, c, after]);
});

await check("refused: a path above the box's root; host paths are not the host's files", async () => {
  const a = await call("read_file", { path: "../../../../etc/passwd" });
  const b = await call("write_file", { path: "/../escape.txt", content: "x" });
  const c = await call("read_file", { path: SECRET });
  const d = await call("grep", { pattern: "host secret", path: "/" });
  await sh("ln -sf /etc/passwd /srv/pw");
  const e = await call("read_file", { path: "/srv/pw" });
  const boxPasswd = text(await sh("cat /etc/passwd"));
  return (a.isError && text(a) === "refused: '../../../../etc/passwd' leads outside the box ('..' above its root /). Paths name files in the box: absolute, or relative to /root." &&
    b.isError && /leads outside the box/.test(text(b)) &&
    c.isError && /does not exist/.test(text(c)) && text(d) === "No matches for 'host secret' in /" &&
    text(e) === boxPasswd.split("\n").filter(Boolean).map((l, i) => `${String(i + 1).padStart(6)}\t${l}\n`).join("") &&
    !fs.existsSync(path.join(TMP, "..", "escape.txt"))) || show([a, b, c, d, e, boxPasswd]);
});

// Each call leaves a marker; the second, sent while the first still runs,
// must find the first's "end" marker: calls of one session take turns in
// the order they came, however slow the machine.
await check("shell: calls sent together take turns in order, in the one session", async () => {
  const a = sh("echo a-start >> /tmp/order; sleep 1; echo a-end >> /tmp/order; cd /srv");
  const b = sh("echo b >> /tmp/order; pwd");
  const [ra, rb] = await Promise.all([a, b]);
  const order = text(await sh("cat /tmp/order"));
  return (text(ra) === "(no output)" && text(rb) === "/srv\n" && order === "a-start\na-end\nb\n") || show([ra, rb, order]);
});

// The shell waits (up to 20 s) for a file that write_file makes while the
// shell call is still running: file tools do not wait for the shell.
await check("file tools answer while a shell call runs", async () => {
  const p = sh("for i in $(seq 1 400); do [ -e /srv/during.txt ] && break; sleep 0.05; done; cat /srv/during.txt");
  await sleep(200);
  const w = await call("write_file", { path: "/srv/during.txt", content: "written meanwhile\n" });
  const r = await call("read_file", { path: "/srv/during.txt" });
  const done = await p;
  return (!w.isError && text(r) === "     1\twritten meanwhile\n" && text(done) === "written meanwhile\n") || show([w, r, done]);
});

await check("run_code: notifications/cancelled stops the program", async () => {
  const ac = new AbortController();
  const p = call("run_code", { code: "await new Promise((r) => setTimeout(r, 3000)); (await import('node:fs')).writeFileSync('/srv/late-code', 'x')" }, { signal: ac.signal }).then(() => "answered", () => "rejected");
  await sleep(500);
  ac.abort();
  const how = await p;
  await sleep(3500);
  const r = await sh("ls /srv/late-code 2>&1 | grep -c 'No such'; ls -a ~ | grep -c acs-run || true");
  return (how === "rejected" && text(r) === "1\n0\n") || show([how, r]);
});

await check("file tools: names with spaces, quotes, dashes and non-ASCII; content with NUL", async () => {
  const name = "/srv/odd dir/-it's \"q\" é.txt";
  const w = await call("write_file", { path: name, content: "x y\n" });
  const r = await call("read_file", { path: name });
  const e = await call("edit_file", { path: name, old_string: "x", new_string: "z" });
  const l = await call("list_files", { path: "/srv/odd dir" });
  const g = await call("glob", { pattern: "**/*é.txt", path: "/srv" });
  const n = await call("write_file", { path: "/srv/nul.bin", content: "a\u0000b" });
  const s = await sh("od -An -c /srv/nul.bin; cat '/srv/odd dir/'*");
  return (text(w) === `Created ${name} (4 bytes)` && text(r) === "     1\tx y\n" && !e.isError &&
    text(l) === "-it's \"q\" é.txt\n" && text(g) === name + "\n" && text(n) === "Created /srv/nul.bin (3 bytes)" &&
    text(s).replace(/\s+/g, " ").trim() === "a \\0 b z y") || show([w, r, e, l, g, n, s]);
});

await check("bad arguments are tool errors; an unknown tool is -32602", async () => {
  const a = await call("shell", {});
  const b = await call("read_file", { path: "/srv/lines.txt", offset: -1 });
  const c = await call("edit_file", { path: "/srv/e.ts", old_string: "a", new_string: "b", replace_all: "yes" });
  const d = await call("glob", { pattern: "*", frob: 1 });
  let code = null;
  try { await call("nope", {}); } catch (e) { code = e.code; }
  return (a.isError && /missing argument 'command'/.test(text(a)) && b.isError && /offset must be a whole number, at least 0/.test(text(b)) &&
    c.isError && /replace_all must be true or false/.test(text(c)) && d.isError && /unknown argument 'frob'/.test(text(d)) &&
    code === -32602) || show([a, b, c, d, code]);
});

await check("shell: exit ends the session; the next call starts a new one and says so", async () => {
  const a = await sh("exit 4");
  const b = await sh("pwd; echo \"A=$A\"");
  const c = await sh("echo again");
  return (text(a).includes("[exit code 4]") && /the shell has exited: the next call starts a new one in \/root/.test(text(a)) &&
    text(b).startsWith("/root\nA=\n") && /this ran in a new shell/.test(text(b)) && text(c) === "again\n") || show([a, b, c]);
});

await check("the box ends with the connection: no box process left on the host", async () => {
  await sh("sleep 1000 & (sleep 1001 &) ; nohup sleep 1002 >/dev/null 2>&1 &");
  const pid = transport.pid;
  const before = descendants(pid);
  await client.close();
  const left = await allGone([pid, ...before]);
  return (before.length >= 3 && left.length === 0) || `before ${before.join(",")}; left ${left.join(",")}`;
});

// ------------------------------------------------------------- the agent user

await check("--user agent: the tools act as agent; root's files are refused", async () => {
  fs.writeFileSync(path.join(TMP, "rootonly.txt"), "root only\n");
  const c = await connect(["--user", "agent", "--copy", `${path.join(TMP, "rootonly.txt")}:/root/secret.txt`]);
  const id = await c.call("shell", { command: "id -un; pwd" });
  const r = await c.call("read_file", { path: "/root/secret.txt" });
  const w = await c.call("write_file", { path: "/etc/evil.conf", content: "x" });
  const e = await c.call("edit_file", { path: "/etc/passwd", old_string: "root:x:0:0:", new_string: "toor:x:0:0:" });
  const l = await c.call("list_files", { path: "/root" });
  const g = await c.call("grep", { pattern: "root only", path: "/root" });
  const g2 = await c.call("grep", { pattern: "root only", path: "/" });
  const code = await c.call("run_code", { code: "import fs from 'node:fs'; try { fs.readFileSync('/root/secret.txt') } catch (e) { console.log(e.code) }" });
  const mine = await c.call("write_file", { path: "mine.txt", content: "ok\n" });
  const who = await c.call("shell", { command: "stat -c %U ~/mine.txt; grep -c toor /etc/passwd; ls /etc/evil.conf 2>&1 | grep -c 'No such'" });
  await c.client.close();
  const all = [id, r, w, e, l, g, g2, code, mine, who];
  return (text(id) === "agent\n/home/agent\n" &&
    r.isError && text(r) === "refused: permission denied to read '/root/secret.txt' (the box's user is agent)" &&
    w.isError && text(w) === "refused: permission denied to write '/etc/evil.conf' (the box's user is agent)" &&
    e.isError && text(e) === "refused: permission denied to write '/etc/passwd' (the box's user is agent)" &&
    l.isError && /permission denied to list '\/root'/.test(text(l)) &&
    g.isError && /permission denied to search '\/root'/.test(text(g)) && !/root only/.test(text(g)) &&
    !g2.isError && text(g2).startsWith("No matches for 'root only' in / [some files could not be searched: ") &&
    /\/root: Permission denied/.test(text(g2)) &&
    text(code) === "EACCES\n" && text(mine) === "Created /home/agent/mine.txt (3 bytes)" && text(who) === "agent\n0\n1\n") || show(all);
});

await check("--env reaches the shell and run_code, not the file tools' programs", async () => {
  const c = await connect(["--env", "GREETING=hi", "--env", "PATH=/nowhere", "-w", "/tmp"]);
  const a = await c.call("shell", { command: "echo $GREETING $PATH; pwd" });
  const w = await c.call("write_file", { path: "x.txt", content: "one\n" });
  const r = await c.call("read_file", { path: "x.txt" });
  const g = await c.call("grep", { pattern: "one", path: "/tmp" });
  await c.client.close();
  return (text(a) === "hi /nowhere\n/tmp\n" && text(w) === "Created /tmp/x.txt (4 bytes)" && text(r) === "     1\tone\n" &&
    text(g) === "/tmp/x.txt:1:one\n") || show([a, w, r, g]);
});

await check("-p: a server the shell starts in the box is reachable from the host", async () => {
  const mark = serverStderr.length;
  const c = await connect(["-p", "3000"]);
  const m = /box port 3000 is at (http:\/\/127\.0\.0\.1:\d+)/.exec(serverStderr.slice(mark));
  const a = await c.call("shell", { command: "node -e 'require(\"http\").createServer((q, s) => s.end(\"hi from the box\")).listen(3000)' >/dev/null 2>&1 &" });
  // the box's own curl first: a host connection made before the server
  // listens is closed at once, and fetch then sometimes waits for ever
  const up = await c.call("shell", { command: "for i in $(seq 1 200); do curl -s localhost:3000 && break; sleep 0.05; done" });
  let body = "";
  for (let i = 0; i < 20 && m && body !== "hi from the box"; i++) {
    try { body = await (await fetch(m[1], { signal: AbortSignal.timeout(5000) })).text(); } catch { await sleep(100); }
  }
  await c.client.close();
  return (!!m && !a.isError && text(up) === "hi from the box" && body === "hi from the box") || show({ m, a, up, body });
});

// ------------------------------------------------------------- snapshots, signals

await check("--snapshot at the end, --restore at the start", async () => {
  const snap = path.join(TMP, "box.snap");
  const a = await connect(["--snapshot", snap]);
  await a.call("write_file", { path: "/srv/kept.txt", content: "kept across boxes\n" });
  await a.client.close();
  for (let i = 0; i < 200 && !fs.existsSync(snap); i++) await sleep(50);
  const b = await connect(["--restore", snap]);
  const r = await b.call("read_file", { path: "/srv/kept.txt" });
  await b.client.close();
  return text(r) === "     1\tkept across boxes\n" || show(r);
});

function rawServer(extra = [], revision = "2025-06-18") {
  const p = spawn(ACS, ["mcp", "--box", ...extra], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  p.stdout.on("data", (d) => { out += d; });
  p.stderr.on("data", (d) => { serverStderr += d; });
  const closed = new Promise((r) => p.on("close", (code, sig) => r({ code, sig })));
  const send = (o) => p.stdin.write(JSON.stringify(o) + "\n");
  const answered = async (id, ms = 30000) => {
    const t0 = Date.now();
    while (Date.now() - t0 < ms) {
      const a = out.split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((m) => m.id === id);
      if (a) return a;
      await sleep(20);
    }
    return null;
  };
  send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  return { p, send, answered, closed };
}

await check("raw 2024-11-05: no outputSchema, title or structuredContent; the answers are the same text", async () => {
  const s = rawServer([], "2024-11-05");
  s.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  s.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "shell", arguments: { command: "echo hi; false" } } });
  const l = await s.answered(1), r = await s.answered(2);
  s.p.stdin.end();
  const { code } = await s.closed;
  const t = l.result.tools.find((t) => t.name === "shell");
  return (!t.outputSchema && !t.title && !t.annotations && !r.result.structuredContent &&
    r.result.content[0].text === "hi\n[exit code 1]" && r.result.isError === true && code === 0) || show([t, r, code]);
});

for (const sig of ["SIGTERM", "SIGKILL"]) {
  await check(`${sig} to the server: it and every box process end`, async () => {
    const s = rawServer();
    await s.answered(0);
    s.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "shell", arguments: { command: "sleep 1000 & echo started" } } });
    const a = await s.answered(1);
    s.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "shell", arguments: { command: "sleep 999" } } });
    await sleep(300);
    const before = descendants(s.p.pid);
    s.p.kill(sig);
    const { code, sig: got } = await s.closed;
    const left = await allGone(before);
    return (a?.result?.content[0].text === "started\n" && before.length >= 3 && left.length === 0 &&
      (sig === "SIGTERM" ? code === 0 : got === "SIGKILL")) || show({ a, before, left, code, got });
  });
}

await check("end of stdin during a running call: the server exits 0, the box is gone", async () => {
  const s = rawServer();
  await s.answered(0);
  s.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "shell", arguments: { command: "sleep 1000" } } });
  await sleep(300);
  const before = descendants(s.p.pid);
  const t0 = Date.now();
  s.p.stdin.end();
  const { code } = await s.closed;
  const left = await allGone(before);
  return (code === 0 && before.length >= 3 && left.length === 0 && Date.now() - t0 < 15000) || show({ code, before, left });
});

// ------------------------------------------------------------- start-up

await check("start-up: bad options exit 2 with a message, before anything is served", () => {
  const a = spawnSync(ACS, ["mcp", "--box", "--user", "bob"], { input: "" });
  const b = spawnSync(ACS, ["mcp", "--box", "--restore", path.join(TMP, "nope.snap")], { input: "" });
  const c = spawnSync(ACS, ["mcp", "--box", "--work-dir", TMP], { input: "" });
  const d = spawnSync(ACS, ["mcp", "--box", "-w", "/no/such/dir"], { input: "" });
  fs.writeFileSync(path.join(TMP, "junk.snap"), "not a snapshot");
  const e = spawnSync(ACS, ["mcp", "--box", "--restore", path.join(TMP, "junk.snap")], { input: "" });
  const all = [a, b, c, d, e];
  return (all.every((r) => r.status === 2 && r.stdout.length === 0) && /--user is root or agent, not 'bob'/.test(a.stderr) &&
    /cannot read the snapshot/.test(b.stderr) && /--work-dir is for the exec tools/.test(c.stderr) &&
    /\/no\/such\/dir/.test(d.stderr) && e.stderr.length > 0) || show(all.map((r) => [r.status, String(r.stderr)]));
});

await check("the servers wrote no sanitizer report", () => !/Sanitizer|runtime error:/.test(serverStderr) || serverStderr);

fs.rmSync(TMP, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
