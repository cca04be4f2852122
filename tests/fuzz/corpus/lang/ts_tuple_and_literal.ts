	type T1 = [];
type T2 = readonly [x: number, y?: string];
type L = -1 | 1n | "a" | `b${1}` | true | null | undefined | void | object;
let v: typeof import("./mod");
type I = import("./mod").T<string>;
