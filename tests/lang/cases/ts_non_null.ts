declare const o: { a?: { b?: () => number } } | undefined;
const x = o!.a!.b!();
const y = o!?.a;
let z: number | undefined;
z! = 1;
z!++;
const w = (o as any)!;
const n = 1, m = n! + 1;
const neq = n !== m && n != m;
