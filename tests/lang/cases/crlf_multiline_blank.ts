interface I {
  a: number;
}
enum E { A }
const x: number = 1;
