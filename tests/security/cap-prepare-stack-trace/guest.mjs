// V8's stack hooks: Error.prepareStackTrace given the frames of the
// sandbox's own code (getThis/getFunction would hand out its objects), and
// Error.captureStackTrace on odd targets. No internal object reaches the hook.
import fs from "node:fs";
const seen = [];
Error.prepareStackTrace = (err, frames) => {
  seen.push(typeof frames);
  if (Array.isArray(frames)) for (const f of frames) {
    for (const m of ["getThis", "getFunction", "getFileName", "getTypeName"]) {
      try { const v = f[m]?.(); if (v && typeof v === "object") seen.push("OBJECT " + m + ":" + Object.keys(v).slice(0, 5).join("|")); } catch {}
    }
  }
  return "prepared";
};
try { fs.readFileSync("$O/secret.txt"); } catch (e) { console.log("fs error stack:", typeof e.stack, String(e.stack).split("\n")[0]); }
try { JSON.parse("{"); } catch (e) { console.log("json error stack:", String(e.stack).split("\n")[0]); }
try { null.x; } catch (e) { console.log("own error stack:", String(e.stack).split("\n")[0]); }
const o = {}; Error.captureStackTrace(o); console.log("captured:", typeof o.stack);
const frozen = Object.freeze({}); try { Error.captureStackTrace(frozen); console.log("frozen: no throw"); } catch (e) { console.log("frozen:", e.name); }
try { Error.captureStackTrace(new Proxy({}, { defineProperty() { throw new Error("trap"); } })); console.log("proxy: no throw"); } catch (e) { console.log("proxy:", e.message); }
Error.prepareStackTrace = () => { throw new Error("hook throws"); };
try { null.y; } catch (e) { console.log("after throwing hook:", e instanceof TypeError); }
Error.prepareStackTrace = undefined;
console.log("hook saw objects:", seen.filter((s) => s.startsWith("OBJECT")).join(", ") || "none");
