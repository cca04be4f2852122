const a = true, b = 1, c = 2;
const r = a ? (b) : c => c;
const s = !a ? (b) : (c);
console.log(typeof r, s);
