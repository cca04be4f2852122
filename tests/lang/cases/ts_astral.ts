const a: string = "😀"; const b: number = 1;
const 𝒜: number = 2, c: number = 𝒜;
/* 😀 */ let d: number = 3;
