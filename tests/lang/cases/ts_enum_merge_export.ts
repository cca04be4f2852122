export enum E { A }
export enum E { B = 2 }
