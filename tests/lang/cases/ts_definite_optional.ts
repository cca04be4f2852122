let a!: number;
class K {
  b!: string;
  c?: number;
  d?(): void;
  e!: () => void;
  f? = 1;
  static g?: number;
  #h!: number;
  [key: string]: any;
  static [key: number]: string;
}
function opt(x?: number, y?: string) {}
const fn = (p?: number) => p;
const o = { m(q?: number) { return q; } };
