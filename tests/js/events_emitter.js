// differential
// EventEmitter behaviour (through process, which is one).
const EE = Object.getPrototypeOf(Object.getPrototypeOf(process)).constructor;
const e = new EE();
const calls = [];
e.on("x", (a, b) => calls.push(`on ${a} ${b}`));
e.once("x", (a) => calls.push(`once ${a}`));
e.prependListener("x", () => calls.push("first"));
console.log(e.emit("x", 1, 2), e.emit("x", 3), e.emit("nothing"));
console.log(calls.join(" | "));
console.log(e.listenerCount("x"), e.eventNames(), e.listeners("x").length);
const f = () => calls.push("f");
e.on("y", f); e.on("y", f); e.off("y", f);
console.log(e.listenerCount("y"));
e.removeAllListeners("x");
console.log(e.listenerCount("x"), e.getMaxListeners());
try { e.emit("error", new Error("boom")); } catch (err) { console.log("thrown", err.message); }
try { e.emit("error", "str"); } catch (err) { console.log(err.code, err.message); }
try { e.on("z", 42); } catch (err) { console.log(err.code, err.name); }
e.on("newListener", (ev) => calls.push(`new ${String(ev)}`));
e.on("w", () => {});
console.log(calls[calls.length - 1]);
