// 200 000 lines on stdout with a 10 000-byte cap: head and tail kept, one
// marker line in between, and the run ends normally.
for (let i = 0; i < 200000; i++) console.log("line", i);
