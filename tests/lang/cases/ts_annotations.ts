let a: number = 1;
const b: string | undefined = undefined, c: Array<{ x: number }> = [];
function f(x: number, y?: string, ...rest: boolean[]): void {}
const g = (p: { a: 1 }, q: [number, string?]): p is { a: 1 } => true;
let h: (x: number) => string = (x) => String(x);
let i: typeof a, j: keyof typeof b, k: `pre${string}`;
let l: new () => object, m: unique symbol;
function n(this: Window, cb: (err: Error | null) => void): asserts cb {}
let o: A.B.C<D>[] | (() => void);
let p: { readonly [key: string]: number; method?(): void; new (): p };
let { q, r }: { q: number; r: string } = { q: 1, r: "" };
let [s]: [number] = [1];
for (let t: number = 0; t < 1; t++) {}
try {} catch (e: unknown) {}
