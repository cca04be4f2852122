import fs from "node:fs";
const n255 = "n".repeat(255);
fs.writeFileSync("/tmp/" + n255, "x"); console.log("255 ok");
try { fs.writeFileSync("/tmp/" + n255 + "x", "x"); console.log("LONG-NAME-MADE"); } catch (e) { console.log("256", e.code); }
try { fs.statSync("/aaaaaaa".repeat(512)); } catch (e) { console.log("path", e.code); }
let d = "/tmp/deep"; fs.mkdirSync(d);
try { for (let i = 0; i < 300; i++) { d += "/dddddddddddddddddddd"; fs.mkdirSync(d); } } catch (e) { console.log("deep stops", e.code); }
fs.rmSync("/tmp/deep", { recursive: true }); console.log(fs.existsSync("/tmp/deep") ? "DEEP-LEFT" : "deep removed");
console.log("done");
