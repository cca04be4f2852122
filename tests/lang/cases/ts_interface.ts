interface Point {
  x: number;
  y: number;
  readonly z?: number;
  m(a: string): void;
  [k: string]: unknown;
}
interface Point3 extends Point, Other<string> { w: number }
export interface Exported { a: 1 }
export default interface DefIface { b: 2 }
const p = { x: 1 };
let interface_ = 1;
