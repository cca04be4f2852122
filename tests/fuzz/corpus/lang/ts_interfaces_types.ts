	interface A<T = unknown> extends B, C<T> { a: T; b?(): void; readonly [k: string]: any; new (x: number): A; <U>(u: U): U; }
type D = { e: 1 } & ({ f: 2 } | { g: 3 });
type H<T> = T extends (infer U)[] ? U : never;
type I = keyof typeof obj;
type J = `prefix-${string}`;
type K = { [P in keyof T as `get${P & string}`]-?: T[P] };
