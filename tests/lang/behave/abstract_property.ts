abstract class Shape {
  abstract name: string;
  describe() { return "I am " + this.name; }
}
class Circle extends Shape {
  get name() { return "circle"; }
}
console.log(new Circle().describe());
