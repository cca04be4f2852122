// package code tries the walls from inside /node_modules
import r from "evil-reader";
for (const [k, v] of Object.entries(r.results)) console.log(k, v);
console.log("outside", r.read("$O/secret.txt"));
console.log("parent", r.read("$O/../secret.txt"));
console.log("cache", r.read("$C/meta/evil-reader.json").slice(0, 12));
console.log("dirname", r.dirname);
