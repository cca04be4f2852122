// Catastrophic backtracking inside the regex engine (native code).
// JavaScriptCore's regex engine gives up on one such match after a fixed
// amount of backtracking (~0.6 s here, whatever the input length), so a
// single call cannot outlive the limit on a fast machine: the guest keeps
// the engine busy in native code with call after call, days of work in all.
console.log("matching");
const re = /(a+)+$/;
const input = "a".repeat(40) + "b";
let n = 0;
for (let i = 0; i < 1e6; i++) if (re.test(input)) n++;
console.log(n, "NOT REACHED");
