# faults.sh - the host failing under a run: a full disk in the work dir and
# a cache that cannot be written end as clear results, and what was written
# before stays. (A worker killed mid-run: run_limits.sh; a registry that
# stalls: tests/pkg.)
. tests/e2e/lib.sh

if ! small_disk 1m; then
  echo "skip faults-full-disk: mounting a 1 MB tmpfs needs root with CAP_SYS_ADMIN; this machine refused it"
else
  code='import fs from "node:fs";
fs.writeFileSync("kept.txt", "written before");
for (const [label, f] of [
  ["writeFileSync", () => fs.writeFileSync("big", Buffer.alloc(4 << 20))],
  ["writeFileSync string", () => fs.writeFileSync("big2", "x".repeat(4 << 20))],
  ["appendFileSync", () => fs.appendFileSync("kept2.txt", "y".repeat(4 << 20))],
]) { try { f(); console.log(label, "no error"); } catch (e) { console.log(label, e.code, e.syscall, e.message); } }
await fs.promises.writeFile("big3", Buffer.alloc(2 << 20)).then(() => console.log("promises no error"), (e) => console.log("promises", e.code));
await new Promise((done) => { const s = fs.createWriteStream("big4"); s.on("error", (e) => { console.log("stream", e.code); done(); }); s.on("finish", () => { console.log("stream no error"); done(); }); s.end(Buffer.alloc(2 << 20)); });
console.log(fs.readFileSync("kept.txt", "utf8"));'
  run_acs run --work-dir "$SMALL" -c "$code"
  check "full disk: writeFileSync throws ENOSPC as Node does" has "$OUT" "writeFileSync ENOSPC write ENOSPC: no space left on device, write"
  check "full disk: a string too" has "$OUT" "writeFileSync string ENOSPC"
  check "full disk: appendFileSync" has "$OUT" "appendFileSync ENOSPC"
  check "full disk: fs.promises.writeFile rejects" has "$OUT" "promises ENOSPC"
  check "full disk: a write stream emits the error" has "$OUT" "stream ENOSPC"
  check "full disk: the run ends normally, files written before remain" all [ "$RC" = 0 ] -- has "$OUT" "written before" -- [ "$(cat "$SMALL/kept.txt")" = "written before" ]
  rm -f "$SMALL"/big*
  run_acs run --work-dir "$SMALL" -c 'import fs from "node:fs"; fs.writeFileSync("big", Buffer.alloc(4 << 20));'
  check "full disk: uncaught, it is the run's error (exit 1, ENOSPC named)" all [ "$RC" = 1 ] -- has "$ERR" "ENOSPC: no space left on device, write"
fi

ACS_NPM_REGISTRY=http://127.0.0.1:9 ACS_CACHE_DIR=/dev/null/cache run_acs run -c 'import x from "left-pad-not-local"; console.log(x)'
check "unwritable cache: a configuration error naming ACS_CACHE_DIR (exit 2)" all [ "$RC" = 2 ] -- has "$ERR" "ACS_CACHE_DIR '/dev/null/cache' cannot be created or written"
ACS_CACHE_DIR=/dev/null/cache run_acs run -c 'console.log("no packages, no cache needed")'
check "unwritable cache: runs without packages are unaffected" [ "$OUT" = "no packages, no cache needed" ]
