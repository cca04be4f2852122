
f();
export function f() { return g(); }
function g() { return 1 }
export { g };
