// Small objects kept forever in an array.
console.log("allocating");
const a = [];
for (;;) a.push({ i: a.length, s: "x" + a.length });
