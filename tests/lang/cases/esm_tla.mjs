const v = await Promise.resolve(1);
for await (const x of [1]) console.log(x);
function f() { const await_ = 1; return await_; }
async function g() { await v; }
export { v };
