// Output from timers, promise jobs, an exit handler and the uncaught-error
// report all go through the same caps; the exit status is the error's.
let n = 0;
const iv = setInterval(() => { for (let i = 0; i < 1000; i++) console.log("timer", n++); }, 0);
for (let i = 0; i < 1000; i++) Promise.resolve(i).then((v) => console.error("job", v));
process.on("exit", () => { for (let i = 0; i < 10000; i++) console.log("exit", i); console.log("EXIT DONE"); });
setTimeout(() => { clearInterval(iv); throw new Error("boom after flood"); }, 200);
