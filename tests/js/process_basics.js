// differential
// The parts of `process` that do not depend on the host.
console.log(typeof process.nextTick, typeof process.hrtime, typeof process.hrtime.bigint());
const t = process.hrtime();
console.log(Array.isArray(t), t.length, typeof t[0], typeof t[1]);
const d = process.hrtime(t);
console.log(d[0] >= 0, d[1] >= 0);
console.log(process.platform, process.arch, process.version.startsWith("v22."), process.release.name);
console.log(typeof process.versions.node, process.argv.length >= 2);
console.log(typeof process.cwd(), process.uptime() >= 0, process.uptime() < 60);
const m = process.memoryUsage();
console.log(Object.keys(m).join(), m.rss > 0, typeof process.memoryUsage.rss());
console.log(process.exitCode, typeof process.emitWarning, typeof process.exit);
process.env.NUM = 42;
console.log(typeof process.env.NUM, process.env.NUM, "NUM" in process.env);
delete process.env.NUM;
console.log(process.env.NUM);
console.log(typeof process.stdout.write, typeof process.stderr.write, process.stdout.write("direct\n"));
try { process.nextTick(42); } catch (e) { console.log(e.name, e.code, e.message); }
try { process.exitCode = "abc"; } catch (e) { console.log(e.name, e.code); }
process.on("beforeExit", (code) => { console.log("beforeExit", code); });
process.on("exit", (code) => { console.log("exit", code, process.exitCode); });
process.exitCode = 0;
