// A busy loop after a top-level await (the rest of the module runs as a
// promise job): stopped by the time limit, reported as such.
console.log("before await");
await null;
console.log("after await");
for (;;) {}
