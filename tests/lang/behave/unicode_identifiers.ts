const \u0061bc: number = 1;
const café: string = "café";
const ünïcödé = abc + 1, 𝒜: number = 2;
const s: string = "😀" + café; let t: number = 3;
console.log(\u0061bc, caf\u00e9, ünïcödé, 𝒜, s, t);
