class S {
  field = 1;
  constructor(public p: number, readonly q = 3) {}
}
console.log(JSON.stringify(new S(2)), Object.keys(new S(2)).join());
