declare const a: number;
declare let b: string, c: boolean;
declare function f(x: number): void;
declare class K { m(): void }
declare enum E { A }
declare namespace NS { const v: number; }
declare module "mod" {
  export const w: number;
}
declare module Legacy { var z: number }
declare global {
  interface Window { extra: string }
  var gv: number;
}
declare type T = 1;
declare abstract class AK {}
export declare const ex: number;
export declare function ef(): void;
const after = 1;
