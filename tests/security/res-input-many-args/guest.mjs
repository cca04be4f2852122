// 5000 arguments and a 100 000-character one after `--` (opts names the
// entry before them; the runner's own trailing "guest.mjs" is one more
// argument): all in process.argv, as given.
const a = process.argv.slice(2);
console.log("count", a.length, "first", a[0], "last-short", a[4999], "long", a[5000].length, "runner's", a[5001]);
