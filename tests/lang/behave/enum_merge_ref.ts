enum E { A = 1 }
enum E { B = A + 1 }
console.log(E.B, E[2]);
