// differential
// uncaughtException and unhandledRejection listeners keep the run going.
process.on("uncaughtException", (err, origin) => console.log("caught:", err.message, origin));
process.on("unhandledRejection", (reason) => console.log("rejection:", reason));
setTimeout(() => { throw new Error("from timer"); }, 1);
Promise.reject(42);
setTimeout(() => { console.log("still running"); process.exitCode = 3; }, 20);
