class C { static make() { return new C(); } }
namespace C { export const version = 2; }
console.log(C.version, C.make() instanceof C);
