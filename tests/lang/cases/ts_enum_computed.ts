const base = 10;
enum Comp {
  A = base,
  B = "x".length,
  C = A + B,
  'E F' = 8,
  "G" = Comp.A * 2,
  H = C << 1,
  I = `i${base}`.length,
}
