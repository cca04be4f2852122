// node with its own stdin closed: the next open is descriptor 0 and reads
// the box's file, never a host descriptor
import fs from "node:fs";
fs.closeSync(0);
const fd = fs.openSync("/etc/hostname", "r");
console.log("fd", fd, fs.readFileSync(fd, "utf8").trim().length > 0, "done");
