	let a = 1
let b = a
++b
const c = () => {}
(function () {})()
return_ = 1
throw_ = 2
let d = a
[1, 2].forEach(f)
x
?.y
