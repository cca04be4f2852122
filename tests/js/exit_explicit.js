// differential
// process.exit stops at once; 'exit' sees the code; beforeExit not emitted.
process.on("beforeExit", () => console.log("beforeExit (not expected)"));
process.on("exit", (c) => console.log("exit", c));
setTimeout(() => console.log("never"), 0);
Promise.resolve().then(() => console.log("never either"));
console.log("bye");
process.exit(5);
console.log("after exit");
