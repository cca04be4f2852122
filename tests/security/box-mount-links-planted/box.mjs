import fs from "node:fs";
process.chdir("/work");
for (const l of ["abs", "rel", "dir/secret.txt", "reldir/secret.txt", "shadow"]) {
  try { console.log("READ", l, fs.readFileSync(l, "utf8")); } catch (e) { console.log(l, e.code); }
}
for (const [k, f] of Object.entries({ w1: () => fs.writeFileSync("dir/new", "x"), w2: () => fs.writeFileSync("reldir/new", "x"),
  w3: () => fs.writeFileSync("abs", "x"), cp: () => fs.cpSync("/etc", "dir/etc", { recursive: true }), rp: () => console.log(fs.realpathSync("dir")) }))
  try { f(); console.log("did", k); } catch (e) { console.log(k, e.code); }
console.log("done");
