const s = "a b"; let t: number = 1;
const u: string = `x y`; let w: number = 2;
// comment   const z: number = 3;
