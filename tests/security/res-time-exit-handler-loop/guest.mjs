// An endless loop in an exit handler: the run is already ending, the limit still holds.
process.on("exit", () => { for (;;) {} });
console.log("leaving");
