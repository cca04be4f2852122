// Specifiers computed at run time (the transform cannot see them):
// joined, decoded, from char codes, from objects with toString.
const up = [".", "."].join("");
const specs = {
  "join": ["..", "outside", "evil.mjs"].join("/"), "template": `./${up}/outside/${"evil"}.mjs`,
  "charcodes": String.fromCharCode(46, 46, 47) + "outside/evil.mjs", "decoded": decodeURIComponent("%2e%2e%2foutside%2fevil.mjs"),
  "reversed": "sjm.live/edistuo/..".split("").reverse().join(""), "abs": "$O".split("/").concat("evil.mjs").join("/"),
  "to-string": { toString: () => "../outside/evil.mjs" }, "url-obj": new URL("../outside/evil.mjs", import.meta.url),
  "meta-dir": import.meta.dirname + "/../outside/evil.mjs", "meta-url": import.meta.url.replace(/[^/]*$/, "") + "../outside/evil.mjs",
};
for (const [label, s] of Object.entries(specs)) {
  await import(s).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${e.code}`));
}
