// An uncaught error whose stack getter never returns: the error printer is
// stuck in guest code, and the time limit still ends the run.
const e = new Error("boom");
Object.defineProperty(e, "stack", { get() { for (;;) {} } });
console.log("throwing");
throw e;
