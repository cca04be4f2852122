const big: bigint = 2n ** 64n;
const sep = 1_000_000 + 0xff_ff.toString().length;
console.log(big.toString(), typeof big, 0xffn, 1_000n * 3n);
console.log(1_000_000, 0b1010_1010, 0o7_7, 1_0.5_5, 1e1_0);
console.log(1..toString(), .5 + 1, 5.0.toFixed(1));
