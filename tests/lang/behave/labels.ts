const out: string[] = [];
outer: for (let i = 0; i < 4; i++) {
  inner: for (let j = 0; j < 4; j++) {
    if (j === 2) continue outer;
    if (i === 3) break outer;
    if (i === j) continue inner;
    out.push(`${i}${j}`);
  }
}
console.log(out.join(" "));
block: {
  if (out.length) break block;
  console.log("not reached");
}
let k = 0;
loop: while (true) { k++; if (k > 5) break loop; }
console.log(k);
