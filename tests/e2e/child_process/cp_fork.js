// fork: a node child with the IPC channel
const cp = require("child_process");
const path = require("path");
const c = cp.fork(path.join(__dirname, "cp_child.js"), ["x", "y"]);
let n = 0;
c.on("message", (m) => {
  console.log("parent got", JSON.stringify(m));
  if (n++ === 0) c.send({ a: [1, 2, { b: "c" }], s: "ünï" });
  else c.send("bye");
});
c.on("disconnect", () => console.log("parent: disconnect", c.connected));
c.on("exit", (code, sig) => console.log("exit", code, sig));
c.on("close", (code) => {
  console.log("close", code, c.connected);
  c.send("late", (e) => console.log("send after disconnect:", e.code, e.message));
});
console.log("connected", c.connected, typeof c.send, process.send);
