
let a = 1;
let a = 2;
export { a, a };
