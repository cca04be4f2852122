// The Node/Web globals replaced by junk before the sandbox's APIs are used
// (lazily loaded ones included): the APIs the guest still holds, and those
// it imports afterwards, keep working and the walls hold.
const out = process.stdout, st = setTimeout;
for (const k of ["console", "process", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "Buffer", "fetch", "structuredClone", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "performance", "crypto", "navigator", "AbortController", "EventTarget", "Headers", "Response", "ReadableStream", "WebAssembly"])
  globalThis[k] = { hijacked: k };
out.write("replaced\n");
const fs = await import("node:fs");
fs.writeFileSync("x.txt", "ok");
out.write("fs " + fs.readFileSync("x.txt", "utf8") + "\n");
try { fs.readFileSync("$O/secret.txt"); out.write("outside READ\n"); } catch (e) { out.write("outside " + e.code + "\n"); }
try { fs.writeFileSync("$R/data.txt", "x"); out.write("ro WRITTEN\n"); } catch (e) { out.write("ro " + e.code + "\n"); }
const { inspect } = await import("node:util");
out.write("inspect " + inspect({ a: [1, 2] }) + "\n");
st(() => out.write("timer fired\n"), 1);
