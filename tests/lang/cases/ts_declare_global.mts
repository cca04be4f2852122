export {};
declare global {
  interface Array<T> { last(): T | undefined }
  function gf(): void;
}
declare module "./other.js" {
  interface Foo { bar: number }
}
export const x = 1;
