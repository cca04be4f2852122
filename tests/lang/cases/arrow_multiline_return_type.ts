const f = (a: number): {
  x: number;
} => ({ x: a });
const g = <T,>(
  v: T,
): Promise<
  T
> => Promise.resolve(v);
console.log(f(1).x);
