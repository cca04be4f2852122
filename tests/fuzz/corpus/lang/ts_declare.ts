	declare const a: number;
declare function f(x: string): void;
declare class C { m(): void; }
declare module "mod" { export const x: number; }
declare global { interface Window { y: 1 } }
declare let b, c: string;
