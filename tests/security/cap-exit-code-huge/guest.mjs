// An exit code far beyond a byte, then an 'exit' handler setting a negative
// one: the status is the low byte of the last, as in Node (-1 -> 255).
process.on("exit", (c) => { console.log("exit event", c); process.exitCode = -1; });
process.exit(2 ** 40 + 3);
