// import() inside eval, indirect eval and new Function: refused (the engine's own import).
// own dynamic import, not the loader's. It must not load outside files,
// and should fail as the loader would, with ERR_MODULE_NOT_FOUND.
const forms = {
  "eval": (s) => eval(`import(${JSON.stringify(s)})`), "indirect-eval": (s) => (0, eval)(`import(${JSON.stringify(s)})`),
  "function": (s) => new Function("s", "return import(s)")(s), "async-function": (s) => new (Object.getPrototypeOf(async () => {}).constructor)("s", "return await import(s)")(s),
};
for (const [form, f] of Object.entries(forms)) {
  for (const [label, s] of Object.entries({ "abs": "$O/evil.mjs", "dotdot": "../outside/evil.mjs", "url": "file://$O/evil.mjs" })) {
    let p; try { p = f(s); } catch (e) { p = Promise.reject(e); }
    await p.then(() => console.log(`[${form} ${label}] IMPORTED`), (e) => console.log(`[${form} ${label}] ${e && e.code ? e.code : "no code: " + e}`));
  }
}
