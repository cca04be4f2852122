const x: { a: number } = { a: 1 };
enum E {
  A,
  B = 2,
}
const y: number = E.B as number;
function f<T>(v: T): T { return v; }
