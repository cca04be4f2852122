
export { nope };
