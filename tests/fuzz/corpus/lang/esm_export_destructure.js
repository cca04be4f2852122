
export const { a, b: [c, ...d], ...e } = obj;
export let [f = 1, , g] = arr;
