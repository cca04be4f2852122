// differential
// An uncaught exception ends the run with 1 after 'exit' listeners run.
process.on("exit", (code) => console.log("exit listener", code));
setTimeout(() => console.log("never"), 10);
console.log("before");
throw new Error("boom");
