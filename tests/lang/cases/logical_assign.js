let a = null, b = 0, c = 1;
a ??= 5;
b ||= 6;
c &&= 7;
const o = {};
o.x ??= [];
o["y"] ||= {};
console.log(a, b, c, o);
