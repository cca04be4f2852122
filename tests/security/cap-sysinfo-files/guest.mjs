// System information files, sockets and devices: none exists in the sandbox.
import fs from "node:fs";
for (const p of ["/proc/cpuinfo", "/proc/meminfo", "/proc/version", "/proc/net/tcp", "/proc/net/route", "/proc/self/status", "/proc/self/cmdline", "/proc/self/mountinfo", "/proc/self/cgroup", "/proc/1/cmdline",
  "/etc/hostname", "/etc/hosts", "/etc/resolv.conf", "/etc/passwd", "/etc/shadow", "/etc/os-release", "/etc/machine-id",
  "/sys/class/net", "/sys/devices/virtual/dmi/id/product_uuid", "/var/run/docker.sock", "/run/secrets", "/root/.ssh/id_rsa",
  "/root/.aws/credentials", "/home", "/dev/tty", "/dev/mem", "/dev/urandom", "/tmp"]) {
  let r; try { r = fs.statSync(p).isDirectory() ? "LISTED " + fs.readdirSync(p).length : "READ " + fs.readFileSync(p).length; } catch (e) { r = e.code; }
  console.log(p, r);
}
