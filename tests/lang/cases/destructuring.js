const { a = 1, b: { c = 2 } = {}, ...rest } = { b: {} };
const [d = 3, [e] = [4], , ...more] = [];
function f({ x = 1, y: [z = 2] = [] } = {}, [w = 3] = []) { return x + z + w; }
const g = ({ p = 5 }) => p, h = ([q = 6]) => q;
let m, n;
({ m = 7, n = m } = {});
[m = 8, n = 9] = [];
for (const { k = 1, v } of [{ v: 2 }]) {}
