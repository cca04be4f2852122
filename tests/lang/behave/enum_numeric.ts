enum Color { Red, Green, Blue }
enum Flags { None = 0, A = 1 << 0, B = 1 << 1, AB = A | B, C }
console.log(Color.Red, Color.Green, Color.Blue, Color[1], Color[Color.Blue]);
console.log(Flags.AB, Flags.C, Flags[3], Flags[4]);
console.log(JSON.stringify(Object.keys(Color)));
function name(c: Color): string { return Color[c]; }
console.log(name(Color.Green));
