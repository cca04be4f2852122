// A wasm module that imports "host" functions (env.system, WASI fd_write):
// only the guest's own JS can provide them; globalThis is no import object
// and node:wasi is absent.
const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 14, 2, 96, 1, 127, 1, 127, 96, 4, 127, 127, 127, 127, 1, 127, 2, 48, 2, 3, 101, 110, 118, 6, 115, 121, 115, 116, 101, 109, 0, 0, 22, 119, 97, 115, 105, 95, 115, 110, 97, 112, 115, 104, 111, 116, 95, 112, 114, 101, 118, 105, 101, 119, 49, 8, 102, 100, 95, 119, 114, 105, 116, 101, 0, 1, 3, 2, 1, 0, 7, 6, 1, 2, 103, 111, 0, 2, 10, 8, 1, 6, 0, 32, 0, 16, 0, 11]);
const mod = new WebAssembly.Module(bytes);
console.log("imports", WebAssembly.Module.imports(mod).map((i) => i.module + "." + i.name).join(","));
const t = (l, f) => { try { console.log(`${l}:`, f()); } catch (e) { console.log(`${l}: ${e.name}`); } };
t("no-imports", () => new WebAssembly.Instance(mod));
t("empty", () => new WebAssembly.Instance(mod, { env: {}, wasi_snapshot_preview1: {} }));
t("globalThis", () => new WebAssembly.Instance(mod, { env: globalThis, wasi_snapshot_preview1: globalThis }));
t("process", () => new WebAssembly.Instance(mod, { env: process, wasi_snapshot_preview1: process }));
t("guest-js", () => new WebAssembly.Instance(mod, { env: { system: (x) => x + 1 }, wasi_snapshot_preview1: { fd_write: () => 0 } }).exports.go(41));
try { await import("node:wasi"); console.log("wasi: LOADED"); } catch (e) { console.log(`wasi: ${e.code}`); }
