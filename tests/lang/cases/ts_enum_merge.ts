enum E { A }
enum E { B = 2, C }
enum Local {
  X = 1
}
declare enum Ambient { Y }
export {};
