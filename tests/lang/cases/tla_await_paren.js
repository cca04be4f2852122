// a real top-level await: not a script, so a module
const v = await (async () => 7)();
for await (const x of [v]) console.log(x);
