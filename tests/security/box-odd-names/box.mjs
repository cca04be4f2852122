// node: odd names made, listed, renamed and removed in the mount and memfs
import fs from "node:fs";
const names = ["new\nline", "tab\there", "\x01ctl", Buffer.from([0xff, 0xfe]), "-rf", " lead", "trail ", "*", "\\", "n".repeat(255)];
let made = 0;
for (const dir of ["/work", "/tmp"]) for (const n of names) {
  const p = Buffer.isBuffer(n) ? Buffer.concat([Buffer.from(dir + "/"), n]) : `${dir}/${n}`;
  try { fs.writeFileSync(p, "x"); fs.renameSync(p, `${dir}/r${made}`); fs.renameSync(`${dir}/r${made}`, p); made++; } catch (e) { console.log("FAILED", JSON.stringify(String(n)), e.code); }
}
for (const dir of ["/work", "/tmp"]) for (const n of fs.readdirSync(dir, { encoding: "buffer" })) if (!n.toString().startsWith("box")) fs.unlinkSync(Buffer.concat([Buffer.from(dir + "/"), n]));
try { fs.writeFileSync("/work/" + "n".repeat(256), "x"); console.log("MADE 256"); } catch (e) { console.log("256", e.code); }
try { fs.writeFileSync("/work/a\0b", "x"); console.log("MADE NUL"); } catch (e) { console.log("nul", e.code); }
console.log("made", made, "left", fs.readdirSync("/work").length, "done");
