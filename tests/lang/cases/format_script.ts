const a: number = 1;
enum E { A }
console.log(a, E.A);
