function outer() {
  interface Local { a: number }
  type L = Local;
  enum Inner { A = 2 }
  namespace NS { export const n = Inner.A; }
  const v: L = { a: NS.n };
  return v;
}
{
  type InBlock = 1;
  const x: InBlock = 1;
}
switch (1) {
  case 1:
    type InCase = string;
    break;
}
