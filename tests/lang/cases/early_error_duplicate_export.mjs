const a = 1;
export { a };
export { a as a };
