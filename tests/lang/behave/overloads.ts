function format(x: string): string;
function format(x: number, digits?: number): string;
function format(x: any, digits = 2): string {
  return typeof x === "number" ? x.toFixed(digits) : x.toUpperCase();
}
console.log(format("abc"), format(3.14159), format(1, 0));
class Parser {
  parse(s: string): number;
  parse(s: string[]): number[];
  parse(s: any): any { return Array.isArray(s) ? s.map(Number) : Number(s); }
  static create(): Parser;
  static create(x?: number) { return new Parser(); }
}
console.log(Parser.create().parse("4") + 1, Parser.create().parse(["1", "2"]).join("+"));
