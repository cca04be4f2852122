	function f(x: string): string;
function f(x: number): number;
function f(x: any) { return x; }
class C { m(): void; m(x?: any) {} }
export function g(): void;
export function g() {}
