export const a = 1;
console.log(a);
