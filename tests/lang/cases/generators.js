function* g(n) {
  yield 1;
  yield* [2, 3];
  const x = yield;
  return n + x;
}
const o = { *m() { yield 1; }, async *n() { yield 2; } };
class C { *[Symbol.iterator]() { yield 3; } static async *a() {} }
const yield_ = function* () { yield /re/; yield
  2; };
