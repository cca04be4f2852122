// node: deep JSON, deep recursion and deep regexps end in errors, and the
// program goes on
const deep = "[".repeat(1e6);
try { JSON.parse(deep); } catch (e) { console.log("json", e.name); }
const f = () => 1 + f(); // not a tail call: JSC runs strict tail calls in constant stack
try { f(); } catch (e) { console.log("recursion", e.name); }
try { new RegExp("(".repeat(1e5) + ")".repeat(1e5)); } catch (e) { console.log("regexp", e.name); }
try { structuredClone(JSON.parse("[".repeat(5000) + "]".repeat(5000))); console.log("clone ok"); } catch (e) { console.log("clone", e.name); }
console.log(JSON.stringify({ a: 1 }), "done");
