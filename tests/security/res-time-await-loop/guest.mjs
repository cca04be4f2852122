// An endless chain of awaits: each one a microtask, the loop never idles.
console.log("awaiting");
for (;;) await null;
