// Numeric loop: integer and float arithmetic in a hot function.
function work(n) {
  let s = 0;
  for (let i = 0; i < n; i++) s += (i % 7) * 1.5 - (i & 3);
  return s;
}
console.log(work(3e8));
