namespace A {
  export const x = 1;
  const hidden = 2;
  export function f() { return x + hidden; }
  export class K {}
  export namespace B.C {
    export const deep = 3;
  }
  export enum En { P }
}
namespace A {
  export const w = 4;
}
module M { export var v = 5; }
namespace Empty {}
const r = A.f() + A.B.C.deep + M.v;
