const id = <T,>(x: T): T => x;
const pair = <A, B extends A = A>(a: A, b: B): [A, B] => [a, b];
const asyncId = async <T>(x: T): Promise<T> => x;
const fn = function <T>(x: T) { return x; };
const paren = <T>(x: T) => (y: T): T => y;
