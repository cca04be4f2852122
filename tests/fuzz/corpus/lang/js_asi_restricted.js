 function f() {
  return
  1
}
let i = 0
i
++
i
x: for (;;) { break
x; continue
}
