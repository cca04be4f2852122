const { a = 1, b: { c = 2 } = {}, ...rest }: { a?: number; b?: { c?: number }; [k: string]: unknown } = { d: 4 } as any;
console.log(a, c, JSON.stringify(rest));
const [d = 3, [e] = [4], , ...more]: number[] | any = [undefined, undefined, 9, 10, 11];
console.log(d, e, more.join());
function f({ x = 1, y: [z = 2] = [] }: { x?: number; y?: number[] } = {}, [w = 3]: number[] = []): number {
  return x + z + w;
}
console.log(f(), f({ x: 10, y: [20] }, [30]));
let m: number, n: number;
({ m = 7, n = m * 2 } = {} as any);
console.log(m, n);
[m = 8, n = 9] = [undefined, 1];
console.log(m, n);
for (const { k = "dk", v }: { k?: string; v: number } of [{ v: 1 }, { k: "kk", v: 2 }]) console.log(k, v);
