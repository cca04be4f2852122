
export default (1, 2);
export const x = 1
