import fs from "node:fs";
const fd = fs.openSync("/work", "r");
for (const p of ["/proc/self/root$HOSTROOT/secret.txt", "/proc/1/root$HOSTROOT/secret.txt", "/proc/self/cwd/../secret.txt",
  `/proc/self/fd/${fd}/../secret.txt`, `/dev/fd/${fd}/../secret.txt`, "/proc/self/root/../../secret.txt"]) {
  try { console.log("READ", p, fs.readFileSync(p, "utf8")); } catch (e) { console.log(p.slice(0, 20), e.code); }
}
console.log(fs.readlinkSync("/proc/self/exe"), fs.readlinkSync("/proc/self/root"));
if (fs.readdirSync("/proc").some((n) => /^\d{4,}$/.test(n))) console.log("HOST-PIDS");
if (fs.readFileSync("/proc/mounts", "utf8").includes("$HOSTROOT")) console.log("HOST-PATH-SHOWN");
console.log("done");
