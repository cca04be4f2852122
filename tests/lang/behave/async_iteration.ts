async function* countdown(n: number): AsyncGenerator<number> {
  while (n > 0) { yield n--; await null; }
}
const seen: number[] = [];
for await (const v of countdown(3)) seen.push(v);
console.log(seen.join(","));
async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
console.log((await collect(countdown(2))).join(","));
const obj = { async *[Symbol.asyncIterator]() { yield "a"; yield "b"; } };
for await (const s of obj) console.log(s);
