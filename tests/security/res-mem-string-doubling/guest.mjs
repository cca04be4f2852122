// A string doubled until the engine refuses: a RangeError the guest can
// catch (JavaScriptCore's string length cap), well before the memory limit.
let s = "x", n = 0;
try { for (;;) { s += s; n++; } } catch (e) { console.log("stopped after", n, "doublings:", e.name, e.message); }
try { "y".repeat(2 ** 31); console.log("NOT REACHED"); } catch (e) { console.log("repeat:", e.name); }
try { new ArrayBuffer(8 * 2 ** 30); console.log("NOT REACHED"); } catch (e) { console.log("8 GB ArrayBuffer:", e.name); }
console.log("still running");
