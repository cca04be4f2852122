let u: abstract new () => object;
type X<T> = { [K in keyof T as `get${K & string}`]-?: T[K] };
function assertIsString(v: unknown): asserts v is string {}
function isNum(this: void, v: unknown): v is number { return typeof v === "number"; }
let tuple: [a: number, b?: string, ...rest: boolean[]];
let cond: X<1> extends infer U extends object ? U : never;
let q = a<b>>c;
let inst = Map<string, number>;
class A extends B<string>.C {}
let opt = a?.b!.c!;
const fnType: <T>(x: T) => T = (x) => x;
let imp: import("./m.js").T<typeof import("./n.js")>;
