namespace Geometry {
  export const PI2 = Math.PI * 2;
  const secret = 42;
  export function circumference(r: number): number { return PI2 * r; }
  export class Point { constructor(public x: number, public y: number) {} }
  export function getSecret() { return secret; }
  export namespace Inner.Deep {
    export const level = 3;
  }
  export enum Kind { Circle, Square }
}
console.log(Geometry.circumference(1).toFixed(3), Geometry.getSecret());
console.log(new Geometry.Point(1, 2).y, Geometry.Inner.Deep.level, Geometry.Kind[1]);
console.log((Geometry as any).secret);
