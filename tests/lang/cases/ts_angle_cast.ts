declare const v: unknown;
const a = <string>v;
const b = <number[]><unknown>v;
const c = (<any>v).x;
const d = <const>["a"];
const e = 1 < 2 ? <string>v : <number>v;
