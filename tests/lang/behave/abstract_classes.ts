abstract class Shape {
  constructor(readonly name: string) {}
  area(): number { return 0; }
  toString() { return `${this.name}:${this.area().toFixed(1)}`; }
}
class Circle extends Shape {
  constructor(private r: number) { super("circle"); }
  override area() { return Math.PI * this.r ** 2; }
}
class Sq extends Shape {
  constructor(private s: number) { super("square"); }
  area() { return this.s * this.s; }
}
const shapes: Shape[] = [new Circle(1), new Sq(2)];
console.log(shapes.map(String).join(" "));
