// `(x): T => y` in a conditional, read the way TypeScript reads it: in the
// consequent an arrow function with a return type stands only when a ":"
// follows it; in the alternate and elsewhere it always does.
const a = true, b = 1, c = 2;
const f1 = a ? (x: number): number => x + 1 : null;
const f2 = !a ? null : (x: number): number => x * 10;
const v3 = a ? (b) : c => c;
const v4 = a ? (b) : (c);
const v5 = a ? (b) : (c) => c;
const f6 = a ? async (x: number): Promise<number> => x : null;
const f7 = a ? (x: number): number => (a ? (x) : c => c) as number : null;
const v8 = !a ? 0 : a ? (b) : c => c;
const g = (x: number): number => (a ? (x): number => x : null)!(x);
const h = [a ? (b) : c => c, (a ? (b) : (c))];
console.log(f1!(1), f2 === null, v3, v4, v5, typeof f6, typeof f7, v8, g(5), h.length, typeof h[0]);
console.log((f7 as any)(3));
