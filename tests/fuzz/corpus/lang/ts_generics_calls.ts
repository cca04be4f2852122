	const a = f<number>(1);
const b = new Map<string, Set<number>>();
const c = g<A, B>(x)<C>(y);
const d = a < b && c > (d);
const e = h<T>;
const f2 = x < y >> z;
function k<const T extends readonly unknown[]>(t: T) {}
