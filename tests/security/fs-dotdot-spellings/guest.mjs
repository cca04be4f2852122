// Every spelling of ".." that climbs out of the work dir, for reads.
import fs from "node:fs";
fs.mkdirSync("sub/deeper", { recursive: true });
const paths = {
  "bare": "..", "bare-slash": "../", "dot-after": "../.", "dot-before": "./..",
  "dir": "../outside", "dir-slash": "../outside/", "file": "../outside/secret.txt",
  "double-slash": "..//outside//secret.txt", "dots-mixed": "./../outside/./secret.txt",
  "missing-mid": "nope/../../outside/secret.txt", "existing-mid": "sub/../../outside/secret.txt",
  "deep-mid": "sub/deeper/../../../outside/secret.txt", "zigzag": "sub/../sub/./deeper/../../../outside/secret.txt",
  "dot-dot-dot": "sub/./.././../outside/secret.txt", "two-up": "../../secret.txt", "many-up": "../../../../../../../../../../..$O/secret.txt",
  "abs-up": "$W/../outside/secret.txt", "abs-dot-up": "$W/./../outside/secret.txt", "abs-slashes-up": "$W//..//outside///secret.txt",
  "abs-trailing": "$W/../outside/secret.txt/", "abs-trailing-dot": "$W/../outside/secret.txt/.", "abs-two-up": "$W/../../secret.txt",
  "ro-up": "$R/../outside/secret.txt", "ro-up-parent": "$R/../secret.txt", "via-ro": "../ro/../outside/secret.txt",
  "via-work": "../work/../outside/secret.txt", "back-in-out": "../outside/../outside/secret.txt",
  "backslash": "..\\outside\\secret.txt", "triple-dot": ".../outside/secret.txt", "dotdot-name": "sub/..../outside/secret.txt",
};
for (const [label, p] of Object.entries(paths)) {
  try { fs.readFileSync(p, "utf8"); console.log(`[${label}] READ`); } catch (e) { console.log(`[${label}] ${e.code}`); }
}
