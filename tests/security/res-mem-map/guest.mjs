// A Map growing without end.
const m = new Map();
for (let i = 0; ; i++) m.set(i, { i });
