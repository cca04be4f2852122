// node_wasi.mjs - run a wasm32-wasi command under Node's node:wasi (the
// reference for bench/box/wasi.sh): node node_wasi.mjs MODULE [ARGS...]
import { readFileSync } from "node:fs";
import { WASI } from "node:wasi";
const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [file, ...args], env: {}, preopens: { "/": "/" } });
const mod = await WebAssembly.compile(readFileSync(file));
const inst = await WebAssembly.instantiate(mod, wasi.getImportObject());
process.exitCode = wasi.start(inst);
