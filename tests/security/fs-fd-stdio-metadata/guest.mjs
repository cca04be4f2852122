// fd 0 is the host's /dev/null. Metadata calls on it (fchmod, futimes)
// would change a host file the guest never opened (as root: chmod 000 on
// /dev/null breaks the whole host). They must be refused. The modes and
// times used here are the current ones, so that a hole changes nothing
// visible.
import fs from "node:fs";
const denied = new Set(["EBADF", "EPERM", "EACCES", "EROFS", "EINVAL"]);
let st;
try { st = fs.fstatSync(0); } catch { st = { mode: 0o20666, atimeMs: Date.now(), mtimeMs: Date.now() }; }
const t = (label, f) => { try { f(); console.log(`[${label}] ALLOWED`); } catch (e) { console.log(`[${label}] ${denied.has(e.code) ? "DENIED" : "other " + e.code}`); } };
t("fchmod-0", () => fs.fchmodSync(0, st.mode & 0o7777));
t("futimes-0", () => fs.futimesSync(0, st.atimeMs / 1000, st.mtimeMs / 1000));
t("fchmod-0.4", () => fs.fchmodSync(0.4, st.mode & 0o7777));
