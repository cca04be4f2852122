declare function f<T>(x: T): T;
declare const a: number, b: number, c: number, d: number;
const r1 = f<number>(1);
const r2 = a < b, r3 = a > c;
const r4 = (a < b) === (c > d);
const r5 = f<string[]>(["x"]);
const r6 = f < number > (1);
const m = new Map<string, Array<number>>();
const r7 = a < b && c > d;
const r8 = f<typeof a>(a);
const r9 = f<{ x: number }>({ x: 1 });
const r10 = f<number>;
class G<T extends object = {}, U = T> { m<V>(v: V): V { return v; } }
const r11 = new G<{}>().m<string>("s");
function g<const T extends readonly unknown[]>(x: T) { return x; }
const r12 = g<[1]>([1]);
const r13 = a << b >> c >>> d;
