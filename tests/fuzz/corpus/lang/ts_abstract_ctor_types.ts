	type C = abstract new () => object;
type F = new <T>(x: T) => T;
let f: (a: number, b?: string) => void;
let g: { (x: number): string; prop: number };
type U = unique symbol;
