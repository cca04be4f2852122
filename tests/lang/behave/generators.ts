function* range(start: number, end: number, step = 1): Generator<number, string, undefined> {
  for (let i = start; i < end; i += step) yield i;
  return "done";
}
console.log([...range(0, 5)].join(","), [...range(0, 10, 3)].join(","));
const it = range(0, 1);
console.log(JSON.stringify(it.next()), JSON.stringify(it.next()));
function* delegate() { yield* range(1, 3); const r: number = yield 99; return r; }
const g = delegate();
console.log(g.next().value, g.next().value, g.next().value, JSON.stringify(g.next(7)));
class Coll { *[Symbol.iterator]() { yield "x"; yield "y"; } }
console.log([...new Coll()].join(""));
