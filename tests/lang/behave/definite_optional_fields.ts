class K {
  a!: number;
  b?: string;
  c? = 3;
  static d?: number;
  m?(): void;
  constructor() { this.a = 1; }
}
const k = new K();
console.log(JSON.stringify(k), "b" in k, k.c, K.d, typeof k.m);
