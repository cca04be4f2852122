	export declare function f(a: number): string;
export declare class C<T> { private constructor(); static create<T>(): C<T>; }
export declare type T = string;
export {};
