enum Color { Red, Green, Blue }
enum Flags {
  None = 0,
  A = 1 << 0,
  B = 1 << 1,
  AB = A | B,
  C,
}
const r = Color[Color.Green];
