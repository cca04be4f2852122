let a = 1
type T = number
(function () { console.log("iife") })()
let b = a
interface I { x: T }
[10, 20].forEach((x) => console.log(x))
let c = 5 as any
(function () { console.log("second iife") })()
declare const d: number
`template`.length
console.log(a, b, c)
