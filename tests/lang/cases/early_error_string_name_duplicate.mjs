const a = 1;
export { a as "x" };
export { a as x };
