	if (a < b) { c(); }
let d = e < f, g = h > (i);
for (let j = 0; j < k.length; j++) {}
const l = m<n>(o);
const p = q < r > s;
