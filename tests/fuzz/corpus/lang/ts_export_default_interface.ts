
export default interface Props { a: string }
export type T = number;
export interface I {}
export declare const x: number;
export abstract class Z {}
