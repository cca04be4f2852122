// An unhandled rejection whose reason's stack getter never returns: the
// rejection reporter runs guest code, and the time limit still ends the run.
const e = new Error("boom");
Object.defineProperty(e, "stack", { get() { for (;;) {} } });
Object.defineProperty(e, "message", { get() { for (;;) {} } });
console.log("rejecting");
Promise.reject(e);
