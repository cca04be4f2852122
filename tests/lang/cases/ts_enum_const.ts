const enum CE { A = 1, B = A * 2 }
const x = CE.B;
export const enum ECE { Z }
