// Strings doubled, then split into arrays of one-character strings that are kept.
let s = "xy";
const keep = [];
for (;;) { s = s + s; keep.push(s.split("")); }
