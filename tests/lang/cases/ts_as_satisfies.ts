declare const v: unknown;
const a = v as string;
const b = (v as any) as number[];
const c = { x: 1 } satisfies { x: number };
const d = v as const;
const e = [1, 2] as const satisfies readonly number[];
const f = (v as { g(): void }).g;
let g = 1;
(g as number) = 2;
const h = v as unknown as
  string;
const as = 1, satisfies = as;
const i = a as
string;
