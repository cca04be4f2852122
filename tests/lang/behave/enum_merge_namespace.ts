enum E { A = 1 }
enum E { B = 2, C }
namespace E {
  export function describe(e: E): string { return E[e] ?? "?"; }
}
console.log(E.A, E.B, E.C, E.describe(E.C), E.describe(E.A));
function tag() {}
namespace tag { export const version = "1.0"; }
console.log(typeof tag, tag.version);
