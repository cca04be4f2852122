# fs_fail_vs_node.sh - fs calls that must fail on a read-only dir (EROFS:
# write streams, chown) and write streams whose disk fills up mid-way
# (ENOSPC), compared with Node 22. The work-dir cases, which need no
# mounts: tests/js/fs_write_stream_fail.js and fs_chown.js.
. "$(dirname "$0")/lib.sh"

NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE22" ] || NODE22=""
W="$TMP/work"; RO="$TMP/ro"; SMALL="$TMP/small"
mkdir -p "$W" "$RO" "$SMALL"
mounted=()
# lazily: the last run's worker may still be leaving the mount
trap 'for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null; done; rm -rf "$TMP"' EXIT

# ------------------------------------------------------------- EROFS
cat > "$W/ro.js" <<'JS'
const fs = require("fs");
const RO = process.argv[2];
const EVENTS = ["open", "ready", "error", "finish", "close", "prefinish"];
function trace(name, w, drive) {
  return new Promise((done) => {
    const log = [];
    for (const ev of EVENTS) w.on(ev, (e) => log.push(ev === "error" ? `error:${e.code}/${e.syscall}` : ev));
    drive(w, log);
    w.on("close", () => setTimeout(() => { console.log(name, "|", log.join(" "), "| bytesWritten", w.bytesWritten); done(); }, 10));
  });
}
const res = (log, what) => (err) => log.push(`${what}:${err ? err.code : "ok"}`);
const endOnly = (w, log) => w.end("data", res(log, "end"));
const writeThenEnd = (w, log) => { w.write("a", res(log, "write1")); w.end("b", res(log, "end")); };
(async () => {
  await trace("stream, new file", fs.createWriteStream(`${RO}/new.txt`), endOnly);
  await trace("stream, existing file", fs.createWriteStream(`${RO}/f.txt`), writeThenEnd);
  await trace("stream, r+", fs.createWriteStream(`${RO}/f.txt`, { flags: "r+" }), endOnly);
  await trace("stream, append", fs.createWriteStream(`${RO}/f.txt`, { flags: "a" }), endOnly);
  await fs.promises.open(`${RO}/f.txt`, "r+").then(() => console.log("FileHandle r+ opened"), (e) => console.log("FileHandle r+", e.code, e.syscall));
  const fh = await fs.promises.open(`${RO}/f.txt`, "r");
  await trace("FileHandle stream, opened to read", fh.createWriteStream(), writeThenEnd);
  console.log("unchanged", fs.readFileSync(`${RO}/f.txt`, "utf8") === "kept\n", "nothing created", !fs.existsSync(`${RO}/new.txt`));
  // chown: EROFS on an existing path, the lookup's error (ENOENT) first
  const show = (name, f) => { try { f(); console.log(name, "ok"); } catch (e) { console.log(name, e.code, e.syscall); } };
  show("chownSync", () => fs.chownSync(`${RO}/f.txt`, 0, 0));
  show("chownSync, no change asked", () => fs.chownSync(`${RO}/f.txt`, -1, -1));
  show("chownSync, the dir", () => fs.chownSync(RO, 0, 0));
  show("chownSync, missing", () => fs.chownSync(`${RO}/missing`, 0, 0));
  show("lchownSync", () => fs.lchownSync(`${RO}/f.txt`, 0, 0));
  show("lchownSync, missing", () => fs.lchownSync(`${RO}/missing`, 0, 0));
  const fd = fs.openSync(`${RO}/f.txt`, "r");
  show("fchownSync", () => fs.fchownSync(fd, 0, 0));
  fs.closeSync(fd);
  const wait = (f) => new Promise((done) => f((e) => done(e ? `${e.code} ${e.syscall}` : "ok")));
  console.log("chown", await wait((cb) => fs.chown(`${RO}/f.txt`, 0, 0, cb)));
  console.log("lchown", await wait((cb) => fs.lchown(`${RO}/f.txt`, 0, 0, cb)));
  const fd2 = fs.openSync(`${RO}/f.txt`, "r");
  console.log("fchown", await wait((cb) => fs.fchown(fd2, 0, 0, cb)));
  fs.closeSync(fd2);
  const settle = (p) => p.then(() => "ok", (e) => `${e.code} ${e.syscall}`);
  console.log("promises.chown", await settle(fs.promises.chown(`${RO}/f.txt`, 0, 0)));
  console.log("promises.lchown", await settle(fs.promises.lchown(`${RO}/f.txt`, 0, 0)));
  console.log("promises.chown, missing", await settle(fs.promises.chown(`${RO}/missing`, 0, 0)));
  const fh2 = await fs.promises.open(`${RO}/f.txt`, "r");
  console.log("FileHandle.chown", await settle(fh2.chown(0, 0)));
  await fh2.close();
})();
JS
# Node's output on a read-only filesystem (a tmpfs remounted ro), written
# out because Node, as root, writes to a dir that chmod made read-only: a
# machine that cannot mount still checks acs against Node's behaviour.
RO_EXPECTED='stream, new file | end:EROFS error:EROFS/open close | bytesWritten 0
stream, existing file | write1:EROFS end:EROFS error:EROFS/open close | bytesWritten 0
stream, r+ | end:EROFS error:EROFS/open close | bytesWritten 0
stream, append | end:EROFS error:EROFS/open close | bytesWritten 0
FileHandle r+ EROFS open
FileHandle stream, opened to read | write1:EBADF end:EBADF error:EBADF/write close | bytesWritten 0
unchanged true nothing created true
chownSync EROFS chown
chownSync, no change asked EROFS chown
chownSync, the dir EROFS chown
chownSync, missing ENOENT chown
lchownSync EROFS lchown
lchownSync, missing ENOENT lchown
fchownSync EROFS fchown
chown EROFS chown
lchown EROFS lchown
fchown EROFS fchown
promises.chown EROFS chown
promises.lchown EROFS lchown
promises.chown, missing ENOENT chown
FileHandle.chown EROFS fchown'

ro_real=""
if mount -t tmpfs -o size=1m tmpfs "$RO" 2>/dev/null; then mounted+=("$RO"); fi
printf 'kept\n' > "$RO/f.txt"
if [ ${#mounted[@]} -gt 0 ] && mount -o remount,ro "$RO" 2>/dev/null; then ro_real=1; else chmod a-w "$RO" "$RO/f.txt"; fi

run_acs run --work-dir "$W" --read-only "$RO" ro.js -- "$RO"
check "EROFS: write streams and chown on a read-only dir fail as in Node 22" all [ "$RC" = 0 ] -- [ "$OUT" = "$RO_EXPECTED" ]
if [ -n "$ro_real" ] && [ -n "$NODE22" ]; then
  OUT=$(cd "$W" && "$NODE22" ro.js "$RO" 2>"$TMP/err"); RC=$?; ERR=$(cat "$TMP/err")
  check "EROFS: Node 22 on a read-only mount prints what acs is held to" all [ "$RC" = 0 ] -- [ "$OUT" = "$RO_EXPECTED" ]
else
  echo "skip fs-erofs-node: Node 22 missing or a read-only tmpfs cannot be mounted here (needs CAP_SYS_ADMIN); acs was checked against Node's recorded output"
fi

# ------------------------------------------------------------- ENOSPC
if ! mount -t tmpfs -o size=64k tmpfs "$SMALL" 2>/dev/null; then
  echo "skip fs-enospc: mounting a 64 KB tmpfs needs root with CAP_SYS_ADMIN; this machine refused it"
elif [ -z "$NODE22" ]; then
  mounted+=("$SMALL")
  echo "skip fs-enospc: Node 22 not available"
else
  mounted+=("$SMALL")
  cat > "$SMALL/full.js" <<'JS'
const fs = require("fs");
const { pipeline, Readable } = require("stream");
const EVENTS = ["open", "ready", "error", "finish", "close", "prefinish"];
function trace(name, w, drive) {
  return new Promise((done) => {
    const log = [];
    for (const ev of EVENTS) w.on(ev, (e) => log.push(ev === "error" ? `error:${e.code}/${e.syscall}/${e.path === undefined ? "no path" : "path"}` : ev));
    drive(w, log);
    w.on("close", () => setTimeout(() => { console.log(name, "|", log.join(" "), "| bytesWritten", w.bytesWritten); done(); }, 10));
  });
}
const res = (log, what) => (err) => log.push(`${what}:${err ? err.code : "ok"}`);
(async () => {
  await trace("one big end()", fs.createWriteStream("big"), (w, log) => w.end(Buffer.alloc(200 << 10), res(log, "end")));
  console.log("on disk", fs.statSync("big").size);
  fs.unlinkSync("big");
  await trace("many writes", fs.createWriteStream("big", { highWaterMark: 16384 }), (w, log) => {
    for (let i = 0; i < 12; i++) if (!w.write(Buffer.alloc(8192), res(log, `w${i}`))) log.push(`full@${i}`);
    w.end(res(log, "end"));
  });
  fs.unlinkSync("big");
  const fh = await fs.promises.open("big", "w");
  await trace("FileHandle stream", fh.createWriteStream(), (w, log) => w.end(Buffer.alloc(200 << 10), res(log, "end")));
  fs.unlinkSync("big");
  await new Promise((done) => pipeline(Readable.from([Buffer.alloc(40 << 10), Buffer.alloc(40 << 10)]), fs.createWriteStream("big"),
    (err) => { console.log("pipeline", err && err.code); done(); }));
  fs.unlinkSync("big");
})();
JS
  run_acs run --work-dir "$SMALL" full.js
  NODE_OUT=$(cd "$SMALL" && "$NODE22" full.js 2>/dev/null)
  check "ENOSPC: a write stream on a full disk fails as in Node 22 (no finish)" all [ "$RC" = 0 ] -- \
    [ "$OUT" = "$NODE_OUT" ] -- has "$OUT" "error:ENOSPC/write/no path close"
  [ "$OUT" = "$NODE_OUT" ] || diff <(printf '%s\n' "$OUT") <(printf '%s\n' "$NODE_OUT") | sed 's/^/  /'
fi
