// native code and the engine's back doors in the box's node: refused
import fs from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
fs.writeFileSync("/tmp/evil.node", Buffer.from("\x7fELF\x02\x01\x01" + "\0".repeat(200), "binary"));
const t = {
  dlopen: () => process.dlopen({ exports: {} }, "/tmp/evil.node"), require: () => require("/tmp/evil.node"),
  binding: () => process.binding("spawn_sync"), linkedBinding: () => process._linkedBinding("x"),
  wasi: () => new (require("node:wasi").WASI)({ version: "preview1", preopens: { "/": "/" } }).start,
  inspector: () => require("node:inspector").open(9229), ffi: () => require("node:ffi"),
  execPath: () => require("node:child_process").execFileSync(process.execPath, ["-e", "console.log(process.pid)"]).toString().trim().length > 0 && "ran box node",
};
for (const [k, f] of Object.entries(t)) try { const r = f(); console.log(k, r === "ran box node" ? r : "RETURNED " + typeof r); } catch (e) { console.log(k, e.code || e.name); }
console.log("done");
