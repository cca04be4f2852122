// differential
// An unhandled rejection ends the run with 1; a handled one does not.
process.on("exit", (code) => console.log("exit", code));
Promise.reject(new Error("handled")).catch((e) => console.log("caught", e.message));
const p = Promise.reject(new Error("late"));
setTimeout(() => console.log("timer never runs"), 0);
