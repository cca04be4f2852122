// bench/transform-exports.mjs - the many-export TypeScript file of issue
// "First floor speed": for i from 0 while the text is under SIZE bytes
// (default 4 MB), an exported generic interface, an exported generic class
// (a private Map field, parameter properties, an async method with
// `as unknown as` and a for...in, a getter with `satisfies`) and an
// exported generic function. A transform whose time grows faster than the
// file shows here, where the corpus (one module, few exports) hides it.
//   node transform-exports.mjs OUT.ts [SIZE]
import fs from 'node:fs';

const [out, size = String(4e6)] = process.argv.slice(2);
if (!out) {
  console.error('usage: node transform-exports.mjs OUT.ts [SIZE]');
  process.exit(2);
}
const limit = Number(size);
const parts = [];
let len = 0;
for (let i = 0; len < limit; i++) {
  const s = `export interface I${i}<T extends object = {}> {
  id: number;
  name?: string;
  get(key: keyof T): T[keyof T] | undefined;
}
export class C${i}<T> implements I${i}<any> {
  private cache: Map<string, T> = new Map();
  constructor(public readonly id: number, protected label: string = "c${i}") {}
  get(key: string): any { return this.cache.get(key); }
  async load(src: Record<string, unknown>): Promise<number> {
    let n = 0;
    for (const k in src) { this.cache.set(k, src[k] as unknown as T); n++; }
    return n;
  }
  get size() { return { n: this.cache.size } satisfies { n: number }; }
}
export function g${i}<K extends keyof any, V>(m: Record<K, V>, k: K): V { return m[k]; }
`;
  parts.push(s);
  len += Buffer.byteLength(s);
}
fs.writeFileSync(out, parts.join(''));
console.log(`transform-exports: ${parts.length} groups, ${parts.length * 3} exports, ${len} bytes`);
