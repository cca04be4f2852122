// A thousand zero-delay intervals, forever.
let n = 0;
for (let i = 0; i < 1000; i++) setInterval(() => { n++; }, 0);
console.log("armed");
