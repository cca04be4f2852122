namespace A { export const x = 1; export function f() { return 10; } }
namespace A { export const w = x + f(); }
console.log(A.w);
