interface Dict { [key: string]: number; }
class Bag { [k: string]: unknown; size = 0; add(k: string, v: unknown) { this[k] = v; this.size++; } }
const d: Dict = { a: 1 };
d["b"] = 2;
const bag = new Bag();
bag.add("x", 1);
console.log(JSON.stringify(d), bag.size, bag["x"]);
const rec: Record<"p" | "q", number> = { p: 1, q: 2 };
console.log(Object.values(rec).reduce((s, v) => s + v, 0));
