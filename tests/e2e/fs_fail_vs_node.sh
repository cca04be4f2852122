# fs_fail_vs_node.sh - fs calls that must fail on a read-only dir (EROFS)
# and write streams whose disk fills up mid-way (ENOSPC), compared with
# Node 22. Work-dir cases without mounts: tests/js/fs_write_stream_fail.js.
. "$(dirname "$0")/lib.sh"

NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE22" ] || NODE22=""
W="$TMP/work"; RO="$TMP/ro"; SMALL="$TMP/small"
mkdir -p "$W" "$RO" "$SMALL"
mounted=()
trap 'for m in "${mounted[@]}"; do umount "$m" 2>/dev/null; done; rm -rf "$TMP"' EXIT

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
unchanged true nothing created true'

ro_real=""
if mount -t tmpfs -o size=1m tmpfs "$RO" 2>/dev/null; then mounted+=("$RO"); fi
printf 'kept\n' > "$RO/f.txt"
if [ ${#mounted[@]} -gt 0 ] && mount -o remount,ro "$RO" 2>/dev/null; then ro_real=1; else chmod a-w "$RO" "$RO/f.txt"; fi

run_acs run --work-dir "$W" --read-only "$RO" ro.js -- "$RO"
check "EROFS: write streams on a read-only dir fail as in Node 22" all [ "$RC" = 0 ] -- [ "$OUT" = "$RO_EXPECTED" ]
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
