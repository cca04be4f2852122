function f(x: string): string;
function f(x: number): number;
function f(x: any) { return x; }
class K {
  m(x: string): void;
  m(x: number): void;
  m(x: any) {}
  constructor(a: string);
  constructor(a?: any) {}
  static s(): void;
  static s() {}
  ["computed"](): void;
  ["computed"]() {}
}
declare function h(): void;
function g(): void
function g(a?: number) {}
