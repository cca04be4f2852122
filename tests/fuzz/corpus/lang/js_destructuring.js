	const { a, b: { c = 1 } = {}, ...d } = o;
const [e, [f, g] = [], ...h] = arr;
({ a, b } = { a: 1, b: 2 });
[a, b] = [b, a];
for (const [k, v] of Object.entries(o)) {}
for (const { x } of list) {}
