namespace Reg {
  export const items: string[] = [];
  export function add(x: string) { items.push(x); }
}
namespace Reg {
  export const extra = 1;
}
Reg.add("a");
Reg.add("b");
console.log(Reg.items.join(","), Reg.extra);
module Legacy { export var v = "legacy"; }
console.log(Legacy.v);
namespace Types { export type T = number; export const zero: T = 0; }
console.log(Types.zero);
