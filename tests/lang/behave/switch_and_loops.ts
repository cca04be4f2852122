type Kind = "a" | "b" | "c";
function classify(k: Kind): number {
  switch (k) {
    case "a": return 1;
    case "b": {
      const local: number = 2;
      return local;
    }
    default: return 3;
  }
}
console.log(["a", "b", "c"].map((k) => classify(k as Kind)).join());
let total = 0;
for (const [i, v] of ["x", "y"].entries()) total += i + v.length;
for (const k in { p: 1, q: 2 }) total += k.length;
let n = 0;
while (n < 3) n++;
do { n--; } while (n > 1);
console.log(total, n);
