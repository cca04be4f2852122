export const \u0078y = 1;
export function caf\u{e9}() { return xy + 1; }
let \u{76}al = caf\u00e9();
console.log(xy, café(), val);
