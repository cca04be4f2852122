interface Point { x: number; y: number; }
type Pair<T> = [T, T];
declare const ambient: number;
declare function ambientFn(): void;
declare global { interface Window { foo: string } }
let p: Point = { x: 1, y: 2 };
const pair: Pair<number> = [3, 4];
const s = p satisfies Point;
const n = (pair as unknown) as number[];
const o = <Point>{ x: 5, y: 6 };
let definite!: string;
definite = "set";
function withThis(this: void, k?: number): k is number { return k !== undefined; }
console.log(p.x + s.y, n.join(), o.x, definite, withThis(1), withThis());
let typeVar = 1, interfaceVar = 2, declareVar = 3;
console.log(typeVar + interfaceVar + declareVar);
