namespace Counter {
  export let count = 0;
  export function inc() { count++; }
}
Counter.inc();
Counter.inc();
console.log(Counter.count);
namespace Cfg {
  export const a = 1;
  export const b = Cfg.a + 1;
  console.log("during", Cfg.a, b);
}
console.log(Cfg.b);
