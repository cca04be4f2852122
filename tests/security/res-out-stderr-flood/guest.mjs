// The same flood on stderr, through console.error, process.stderr.write and
// console.warn: stderr has its own cap and marker; stdout is untouched.
for (let i = 0; i < 100000; i++) { console.error("eline", i); process.stderr.write("w" + i + "\n"); }
console.warn("last warning");
console.log("stdout fine");
