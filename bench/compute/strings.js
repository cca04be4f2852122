// String building: concatenation, template literals, join, slice.
let total = 0;
for (let r = 0; r < 40; r++) {
  let s = "";
  const parts = [];
  for (let i = 0; i < 1e5; i++) {
    s += `item-${i};`;
    parts.push(String(i));
  }
  total += s.length + parts.join(",").length + s.slice(100, 200).length;
}
console.log(total);
