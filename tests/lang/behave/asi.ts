let a = 1
let b = a
++b
const c: number = b
;[1, 2].forEach((x) => a += x)
console.log(a, b, c)
function r(): number | undefined {
  return
  42
}
console.log(r())
let e = 1
-1
console.log(e)
type T = number
let f: T = 2
interface I { x: number }
let i = 0
do i++
while (i < 3)
console.log(f, i)
