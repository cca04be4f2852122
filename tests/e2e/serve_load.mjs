// serve_load.mjs ACS - 1000 runs one after another and 50 at once through
// one `acs serve --stdio`: every answer carries its own run's output, and
// the server's fds, memory and /tmp leftovers do not grow. Prints
// "ok ..." / "FAIL ..." lines.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const acs = process.argv[2];
// The server's temporary work dirs go to a TMPDIR of its own, so that runs
// of other programs on the machine cannot change the count below.
const TMP = mkdtempSync(join(tmpdir(), "acs-serve-load-"));
process.on("exit", () => rmSync(TMP, { recursive: true, force: true }));
const child = spawn(acs, ["serve", "--stdio", "--pool", "2"], {
  stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, TMPDIR: TMP } });
const waiting = new Map();
createInterface({ input: child.stdout }).on("line", (line) => {
  const msg = JSON.parse(line);
  waiting.get(msg.id)(msg);
  waiting.delete(msg.id);
});
let id = 0;
const run = (code) => new Promise((resolve) => {
  const n = ++id;
  waiting.set(n, resolve);
  child.stdin.write(JSON.stringify({ id: n, code, timeoutMs: 20000 }) + "\n");
});
const check = (name, ok, detail = "") => console.log(`${ok ? "ok" : "FAIL"} ${name}${ok || !detail ? "" : "\n  " + detail}`);
const fds = () => readdirSync(`/proc/${child.pid}/fd`).length;
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))[1]);
const tmpRuns = () => readdirSync(TMP).filter((f) => f.startsWith("acs-run-")).length;
const children = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
  try {
    const st = readFileSync(`/proc/${p}/stat`, "utf8");
    const f = st.slice(st.lastIndexOf(")") + 2).split(" ");
    return f[0] !== "Z" && Number(f[1]) === child.pid;
  } catch { return false; }
}).length;
// The pool refills its warm workers after runs; measure only once the
// server's fds and children have stopped changing (three samples in a row),
// rather than after a fixed pause that a loaded machine may outlast.
const settle = async () => {
  let last = "", same = 0;
  for (let i = 0; i < 150 && same < 3; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = `${fds()} ${children()}`;
    same = now === last ? same + 1 : 0;
    last = now;
  }
};

for (let i = 0; i < 20; i++) await run("console.log(0)");
await settle();
const fd0 = fds(), rss0 = rssKb(), tmp0 = tmpRuns();
let wrong = 0;
for (let i = 0; i < 1000; i++) {
  const msg = await run(`console.log("seq-${i}")`);
  if (!msg.result || msg.result.stdout !== `seq-${i}\n`) wrong++;
}
check("1000 sequential runs each answer with their own output", wrong === 0, `${wrong} wrong`);
const all = await Promise.all(Array.from({ length: 50 }, (_, i) =>
  run(`await new Promise(r => setTimeout(r, ${(i * 7) % 50})); console.log("par-${i}"); console.error("err-${i}")`)));
const crossed = all.filter((m, i) => !m.result || m.result.stdout !== `par-${i}\n` || m.result.stderr !== `err-${i}\n`).length;
check("50 concurrent runs: no output crosses between runs", crossed === 0, `${crossed} wrong`);
await settle();
const fd1 = fds(), rss1 = rssKb(), tmp1 = tmpRuns();
check("the server's fds do not grow", fd1 <= fd0, `${fd0} -> ${fd1}`);
if (process.env.ASAN_OPTIONS !== undefined)
  console.log("skip serve-load-memory: under ASan freed memory waits in its quarantine, so RSS grows by design; LeakSanitizer checks leaks in this build");
else
  check("the server's memory does not grow by more than 8 MB", rss1 - rss0 < 8192, `${rss0} -> ${rss1} kB`);
check("no temporary work dirs are left behind", tmp1 <= tmp0, `${tmp0} -> ${tmp1}`);
const zombies = readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
  try {
    const st = readFileSync(`/proc/${p}/stat`, "utf8");
    const f = st.slice(st.lastIndexOf(")") + 2).split(" ");
    return f[0] === "Z" && Number(f[1]) === child.pid;
  } catch { return false; }
}).length;
check("no more than a few unreaped workers (reaped at the next run)", zombies <= 4, `${zombies} zombies`);
child.stdin.end();
await new Promise((r) => child.on("exit", r));
