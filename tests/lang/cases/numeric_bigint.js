const a = 1_000_000;
const b = 0xff_ff === 0 ? 0 : 0xff_ff;
const c = 0b1010_1010, d = 0o7_7, e = 1_0.5_5e1_0;
const f = 123n, g = 0xffn * 2n ** 64n, h = 1_000n;
const i = 1..toString() + 5.0.toFixed(1) + .5e-3;
