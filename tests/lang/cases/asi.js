let a = 1
let b = a
++b
const c = b
;[1, 2].forEach((x) => x)
const d = c
;(function () {})()
function r() {
  return
  42
}
let e = 1
-1
let f = a
/2/1
let i = 0
do i++
while (i < 3)
let g
g = () => {}
blk: {
}
