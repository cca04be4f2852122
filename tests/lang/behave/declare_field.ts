class Base { x: number = 1; y = "base"; }
class Derived extends Base { declare x: number; declare readonly y: string; }
const d = new Derived();
console.log(d.x, d.y);
