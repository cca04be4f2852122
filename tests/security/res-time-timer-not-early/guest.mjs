// A timer never fires before its delay, however long the synchronous code
// that armed it ran (Node: "fired after" >= 100). Immediates queued before
// it therefore run first.
let im = 0, x = 0;
const t0 = performance.now();
while (performance.now() - t0 < 150) x++;
for (let i = 0; i < 1000; i++) setImmediate(() => { im++; });
const armed = performance.now();
setTimeout(() => {
  const after = performance.now() - armed;
  console.log("fired early:", after < 99, "immediates before it:", im);
}, 100);
