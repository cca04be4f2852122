// node:os tells nothing about the host: fixed, sandbox-shaped answers.
import os from "node:os";
const u = os.userInfo();
console.log("hostname", os.hostname());
console.log("user", u.username, u.uid, u.gid, u.shell, u.homedir === process.cwd());
console.log("homedir-is-workdir", os.homedir() === process.cwd());
console.log("tmpdir-inside", os.tmpdir().startsWith(process.cwd() + "/"));
console.log("interfaces", JSON.stringify(os.networkInterfaces()));
console.log("cpu-models", [...new Set(os.cpus().map((c) => c.model))].join(","), "speed", os.cpus()[0]?.speed);
console.log("release", os.release(), "version", os.version());
console.log("uptime-small", os.uptime() < 60);
console.log("loadavg", os.loadavg().join(","));
console.log("getuid", process.getuid(), process.geteuid(), process.getgid(), JSON.stringify(process.getgroups()));
