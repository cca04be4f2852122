type A = string;
type B<T> = T extends string ? "s" : T extends number ? "n" : never;
type C = {
  a: A;
  b: B<1>;
};
export type D = A | C;
type E<in out T> = (x: T) => T;
type F = typeof import("./m.js");
let type = 1;
type = 2;
type
G = 3;
const t = type;
