// CommonJS has the module record too: the wrapper's last parameter
async function f() {
  try { return await g() } catch (e) { return await h(e) }
}
exports.f = f;
