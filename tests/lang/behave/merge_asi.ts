enum E { A }
let x = 1
enum E { B = 2 }
namespace N { export const a = 1 }
let y = x
namespace N { export const b = 2 }
class C {}
let z = y
namespace C { export const c = 3 }
console.log(E.B, N.a + N.b, C.c, x, y, z)
