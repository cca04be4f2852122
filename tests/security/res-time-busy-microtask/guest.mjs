// A busy loop inside a promise job (a microtask), not in the main script:
// the time limit must stop it like any other loop, and say so.
console.log("queued");
Promise.resolve().then(() => { for (;;) {} });
