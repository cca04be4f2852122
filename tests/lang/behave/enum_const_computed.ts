const enum Size { S = 1, M = S * 2, L = M * 2 }
const base = 10;
enum Comp {
  A = base,
  B = "xyz".length,
  C = A + B,
  'E F' = 8,
  G = Comp.A * 2,
  H = C << 1,
  I = `i${base}`.length,
}
console.log(Size.S, Size.M, Size.L);
console.log(Comp.A, Comp.B, Comp.C, Comp["E F"], Comp.G, Comp.H, Comp.I, Comp[13]);
