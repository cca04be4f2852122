	const a = x as any;
const b = <number>y;
const c = z!;
const d = w satisfies object;
const e = (q as unknown as string).length;
const f = obj!.a!.b!;
const g = { a: 1 } as const;
let h = i! = 2;
