// Typed arrays filled (touched) and kept.
const keep = [];
for (;;) keep.push(new Float64Array(4 << 20).fill(Math.PI));
