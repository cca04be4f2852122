// node: os.networkInterfaces, hostname and the /proc and /etc files of a
// host's network, into /work/out.txt for the host to check
import fs from "node:fs";
import os from "node:os";
const out = [JSON.stringify(os.networkInterfaces()), os.hostname(), JSON.stringify(os.userInfo())];
for (const f of ["/etc/hosts", "/etc/resolv.conf", "/proc/net/tcp", "/proc/net/route", "/proc/self/net/tcp", "/sys/class/net"]) try { out.push(fs.readFileSync(f, "utf8")); } catch (e) { out.push(e.code); }
fs.writeFileSync("/work/out.txt", out.join("\n")); console.log("done");
