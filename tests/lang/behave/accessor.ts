class A {
  accessor x = 1;
  static accessor y = 2;
}
const a = new A();
a.x += 10;
console.log(a.x, A.y, Object.getOwnPropertyNames(a).length);
