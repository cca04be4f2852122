	const a = () => ({});
const b = (x) => (y) => (z) => x + y + z;
const c = ([a], {b}) => a + b;
const d = (a = () => 1) => a();
const e = () => function () {};
