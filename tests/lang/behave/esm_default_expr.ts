const x: number = 20;
export default x + 1;
export const y = x * 2;
console.log(y);
