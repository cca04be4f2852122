// node: os.tmpdir(), mkdtemp and /tmp are the box's, never the host's
import fs from "node:fs";
import os from "node:os";
fs.writeFileSync("/tmp/acs-fx-box-node", "x"); fs.mkdtempSync("/tmp/acs-fx-box-"); fs.mkdtempSync(os.tmpdir() + "/acs-fx-box-t");
fs.writeFileSync("/var/tmp/acs-fx-box", "x");
console.log(os.tmpdir(), fs.readdirSync("/tmp").filter((n) => n.startsWith("acs-fx")).length, fs.readdirSync("/tmp").filter((n) => !n.startsWith("acs-fx")), "done");
