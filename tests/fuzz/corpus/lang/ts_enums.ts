	enum A { X, Y = 5, Z }
const enum B { P = "p", Q = "q" }
declare enum C { R }
export enum D { S = 1 << 2, T = S | 1, "quoted key" = 3 }
console.log(A.X, B.P);
