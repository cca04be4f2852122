const \u0061bc = 1;
const caf\u00e9 = 2, \u{1d49e} = 3;
const ünïcödé = abc + café;
const 𝒜 = \u{1D49E};
const ℘ = 1, ゛= 2;
console.log(\u0061bc, ünïcödé, 𝒜);
