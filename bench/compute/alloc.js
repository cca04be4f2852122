// Object allocation: many short-lived small objects and arrays.
class Point { constructor(x, y) { this.x = x; this.y = y; } }
let sum = 0;
for (let i = 0; i < 2e7; i++) {
  const p = new Point(i, i + 1);
  const a = [p.x, p.y, { z: p.x + p.y }];
  sum += a[2].z;
}
console.log(sum);
