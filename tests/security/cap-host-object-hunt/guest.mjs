// Hunting for the runtime's `host` object (the C primitives behind the JS
// layer): Function.prototype.call/apply/bind, Reflect, Object statics,
// Array methods, Promise.then and Object.prototype accessors are all
// replaced by spies that inspect every receiver and argument, then the
// sandbox's APIs are exercised. No spy may ever see `host`.
const found = new Set();
let inHook = false;
const gopn = Object.getOwnPropertyNames;
const HOSTISH = ["compile", "fop", "evalModule", "packageAllowed", "timerArm", "previewEntries", "getProxyDetails"];
const isHost = (v) => {
  try {
    if (!v || v === Object.prototype || (typeof v !== "object" && typeof v !== "function")) return false;
    const ks = gopn(v);
    return HOSTISH.some((k) => ks.indexOf(k) >= 0) || (ks.indexOf("fs") >= 0 && ks.indexOf("net") >= 0) || (ks.indexOf("request") >= 0 && ks.indexOf("check") >= 0 && ks.indexOf("abort") >= 0);
  } catch { return false; }
};
const look = (where, ...vs) => {
  if (inHook) return;
  inHook = true;
  try {
    for (const v of vs) {
      if (isHost(v)) found.add(where + ":" + gopn(v).slice(0, 8).join("|"));
      if (Array.isArray(v)) for (const x of v) if (isHost(x)) found.add(where + "[]:" + gopn(x).slice(0, 8).join("|"));
    }
  } finally { inHook = false; }
};
const FP = Function.prototype, ob = FP.bind, rapply = Reflect.apply;
FP.call = function (t, ...a) { look("call", this, t, ...a); return rapply(this, t, a); };
FP.apply = function (t, a) { look("apply", this, t, ...(a || [])); return rapply(this, t, a || []); };
FP.bind = function (t, ...a) { look("bind", this, t, ...a); return rapply(ob, this, [t, ...a]); };
for (const k of ["keys", "entries", "values", "assign", "defineProperty", "defineProperties", "getOwnPropertyNames", "freeze", "create", "getPrototypeOf", "setPrototypeOf"]) {
  const f = Object[k]; Object[k] = function (...a) { look("Object." + k, ...a); return rapply(f, this, a); };
}
for (const k of ["apply", "construct", "get", "set", "ownKeys", "has", "defineProperty"]) {
  const f = Reflect[k]; Reflect[k] = function (...a) { look("Reflect." + k, ...a); return rapply(f, this, a); };
}
for (const k of ["push", "map", "forEach", "filter", "slice", "concat", "includes", "indexOf", "join", "unshift", "splice", "reduce", "some", "find"]) {
  const f = Array.prototype[k]; Array.prototype[k] = function (...a) { look("Array." + k, this, ...a); return rapply(f, this, a); };
}
{ const f = Promise.prototype.then; Promise.prototype.then = function (...a) { look("then", this, ...a); return rapply(f, this, a); }; }
for (const n of ["host", "fs", "net", "compile", "write", "cwd", "options", "opts", "handle", "native"]) {
  Object.defineProperty(Object.prototype, n, { configurable: true,
    get() { look("get " + n, this); return undefined; },
    set(v) { look("set " + n, this, v); Object.defineProperty(this, n, { value: v, writable: true, configurable: true, enumerable: true }); } });
}
const fs = await import("node:fs");
const o = (s) => process.stdout.write(s + "\n");
const t = async (l, f) => { try { await f(); } catch (e) { o(l + " threw " + (e && e.code)); } };
await t("fs", () => { fs.writeFileSync("x.txt", "1"); fs.readFileSync("x.txt"); fs.statSync("x.txt"); fs.readdirSync("."); fs.mkdirSync("d", { recursive: true }); fs.rmSync("d", { recursive: true }); });
await t("fsp", async () => { await fs.promises.readFile("x.txt"); await fs.promises.writeFile("y.txt", "2"); const h = await fs.promises.open("y.txt"); await h.read(Buffer.alloc(1)); await h.close(); });
await t("streams", () => new Promise((res) => fs.createReadStream("x.txt").on("data", () => {}).on("end", res).on("error", res)));
await t("fetch", () => fetch("http://127.0.0.1:9/").catch(() => {}));
await t("http", async () => { const http = await import("node:http"); await new Promise((res) => http.get("http://127.0.0.1:9/", () => res()).on("error", res)); });
await t("crypto", async () => { const c = await import("node:crypto"); c.createHash("sha256").update("x").digest(); c.randomBytes(4); await crypto.subtle.digest("SHA-256", new Uint8Array(1)); });
await t("zlib", async () => { const z = await import("node:zlib"); z.gunzipSync(z.gzipSync("x")); });
await t("timers", () => new Promise((res) => { setTimeout(res, 1); setImmediate(() => {}); process.nextTick(() => {}); }));
await t("console", () => { console.log("console ok", { a: [1] }, new Map([[1, 2]])); console.error("stderr ok"); });
await t("util", async () => { const u = await import("node:util"); u.inspect(new Proxy({}, {})); u.format("%o", { a: 1 }); });
await t("vm", async () => { const vm = await import("node:vm"); vm.runInNewContext("1+1"); new vm.Script("2").runInThisContext(); });
await t("import", async () => { fs.writeFileSync("m.mjs", "export default 1"); await import("./m.mjs"); fs.writeFileSync("c.cjs", "module.exports = 2"); (await import("node:module")).createRequire(import.meta.url)("./c.cjs"); });
await t("os", async () => { const os = await import("node:os"); os.hostname(); os.cpus(); });
await t("process", () => { process.memoryUsage(); process.hrtime(); process.cwd(); process.env.X = "1"; });
await t("child", async () => { try { (await import("node:child_process")).execSync("id"); } catch {} });
await t("error", () => { try { null.x; } catch (e) { e.stack; } });
await t("buffer", () => { Buffer.from("abc").toString("base64"); return new Blob(["x"]).text(); });
o("captured: " + (found.size ? "CAPTURED " + [...found].join(", ") : "nothing"));
