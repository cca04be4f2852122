	class A { m(): this { return this; } n(this: A, x: number) {} }
function f(this: void) {}
