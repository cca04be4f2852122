// One 64 MB write (and a 32 MB Buffer write), then a last line: truncated,
// the tail kept, and neither the worker nor the supervisor runs out of memory.
process.stdout.write("a".repeat(64 << 20));
process.stdout.write(Buffer.alloc(32 << 20, 0x62));
console.log("\nLAST LINE");
