namespace X { export type T = number; export interface I { a: X.T } }
const X = 1;
namespace Y {}
let Y = 2;
console.log(X, Y);
