function identity<T>(x: T): T { return x; }
function pair<A, B = A>(a: A, b: B): [A, B] { return [a, b]; }
class Box<T extends object = {}> {
  constructor(private v: T) {}
  map<U extends object>(f: (t: T) => U): Box<U> { return new Box<U>(f(this.v)); }
  get value(): T { return this.v; }
}
const a = 1, b = 2, c = 3;
console.log(identity<number>(5), pair<string, number>("x", 1).join());
console.log(a < b, b > c, (a < b) === (c > a), a < b && c > b);
console.log(JSON.stringify(new Box({ n: 1 }).map<{ m: number }>((o) => ({ m: o.n + 1 })).value));
const arrow = <T,>(x: T): T[] => [x, x];
console.log(arrow<string>("z").join(""));
const m = new Map<string, Array<number>>([["k", [1, 2]]]);
console.log(m.get("k")!.length);
const inst = identity<string>;
console.log(inst("inst"));
