// 100 000 unhandled rejections at once: the first one is reported and ends
// the run (exit 1, as in Node), without 100 000 reports.
for (let i = 0; i < 100000; i++) Promise.reject(new Error("rejection " + i));
console.log("queued");
