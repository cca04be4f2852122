// Writing forever: the output cap keeps memory flat, the time limit ends it.
const chunk = "x".repeat(1000) + "\n";
console.log("first line");
for (;;) process.stdout.write(chunk);
