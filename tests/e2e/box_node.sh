# box_node.sh - node as a program of the box: its command line (FILE, -e,
# -p, -, --version), stdin, exit codes, argv/env/cwd, errors as Node
# prints them, module resolution from the box's paths, what is not there
# yet, and differential checks: the same scripts in a box (as root and as
# agent, on /tmp and /home/agent) and under Node 22 on a host temp dir
# print the same stdout. Scripts get into the box with acs box --copy,
# which is checked here too.
. "$(dirname "$0")/lib.sh"
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE22" ] || NODE22=""

# run_stdin FILE ARGS...: run_acs with FILE as stdin
run_stdin() {
  local input=$1; shift
  "$ACS" "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# ------------------------------------------------------- the command line
run_acs box --exec node --version
check "node --version: the Node version the API layer matches" all [ "$RC" = 0 ] -- [ "$OUT" = v22.12.0 ]
run_acs box --exec node -p process.version
check "process.version says the same" [ "$OUT" = v22.12.0 ]
# os is the box's machine, as the box's own commands see it
for u in root agent; do
  run_acs box --user $u --hostname devbox -c 'node -e "const os = require(\"os\"); const u = os.userInfo(); console.log(os.hostname(), os.release(), u.username, u.uid, u.homedir, os.cpus().length)"; echo "$(hostname) $(uname -r) $(id -un) $(id -u) $HOME $(nproc)"'
  check "os as $u: hostname, release, userInfo, cpus are the box's" all [ "$RC" = 0 ] -- \
    [ "$(echo "$OUT" | head -1)" = "$(echo "$OUT" | tail -1)" ]
done
# os.tmpdir() as Node's on Linux: $TMPDIR, else /tmp (the box has one)
run_acs box -w /home/agent -c 'node -p "require(\"os\").tmpdir()"; TMPDIR=/var/tmp/ node -p "require(\"os\").tmpdir()"'
check "os.tmpdir() is /tmp, or \$TMPDIR without its trailing slash" all [ "$RC" = 0 ] -- [ "$OUT" = "$(printf '/tmp\n/var/tmp')" ]
# SIGUSR1 from the box: Node starts its inspector and goes on (the box has
# none: it goes on); a listener gets each one, while the collector, which
# stops the engine's threads with that signal, keeps working under it
run_acs box -c 'node -e "require(\"fs\").writeFileSync(\"/tmp/r1\", \"\"); setTimeout(() => console.log(\"alive\"), 1000)" & p=$!
until [ -e /tmp/r1 ]; do sleep 0.05; done; kill -USR1 $p; wait $p; echo "rc $?"
node -e "let n = 0; process.on(\"SIGUSR1\", () => { console.log(\"usr1\", ++n); if (n == 2) process.exit(0) }); require(\"fs\").writeFileSync(\"/tmp/r2\", \"\"); setInterval(() => { const a = []; for (let i = 0; i < 2e5; i++) a.push({ i }) }, 5)" & p=$!
until [ -e /tmp/r2 ]; do sleep 0.05; done; kill -USR1 $p; sleep 0.5; kill -USR1 $p; wait $p; echo "rc $?"'
check "kill -USR1 node: it goes on as Node does; a listener gets each one while the collector runs" all [ "$RC" = 0 ] -- \
  [ "$OUT" = "$(printf 'alive\nrc 0\nusr1 1\nusr1 2\nrc 0')" ]
# node's processes are forked ahead from node's own zygote and wait there
# for their spawn (docs/box-protocol.md): one that waited starts fresh, each
# draws its own random numbers, its parent is the shell that ran it, and
# the one waiting is no process of the box (ps shows none)
run_acs box -c 'node -e 1; sleep 1.2; node -p "process.uptime() < 1 && performance.now() < 1000"
a=$(node -p "Math.random()"); b=$(node -p "Math.random()"); [ "$a" != "$b" ] && echo random-differs
c=$(node -p "require(\"crypto\").randomBytes(8).toString(\"hex\")"); d=$(node -p "require(\"crypto\").randomBytes(8).toString(\"hex\")")
[ "$c" != "$d" ] && echo bytes-differ
node -e "console.log(process.ppid === Number(process.argv[1]))" $$
ps -e -o comm= > /tmp/ps.txt; sort /tmp/ps.txt | tr "\n" " "'
check "node after a wait: a fresh clock, its own randomness, the shell its parent, no hidden process" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$(printf 'true\nrandom-differs\nbytes-differ\ntrue\ninit ps sh ')" ]
# node's zygote loads the common builtins (fs, path, os, process, http,
# child_process, crypto, ...) before any run: a node from it still sees its
# own run in each of them, as root and as agent
cat >"$TMP/state.sh" <<'SH'
node -e 1; node -e 1; sleep 0.5
show='const os = require("os"), path = require("path"), fs = require("fs"); console.log([process.argv.slice(1).join(","), process.env.WHO, process.cwd(), path.resolve("x"), fs.readFileSync("f", "utf8").trim(), os.userInfo().username, process.getuid(), os.homedir(), process.ppid === Number(process.env.PP), Math.abs(performance.timeOrigin + performance.now() - Date.now()) < 1000].join(" "))'
mkdir -p /tmp/a /tmp/b; echo in-a > /tmp/a/f; echo in-b > /tmp/b/f
cd /tmp/a && WHO=one PP=$$ node -e "$show" 1 2
cd /tmp/b && WHO=two PP=$$ node -e "$show" 3
r1=$(node -p 'Math.random()'); r2=$(node -p 'Math.random()'); [ "$r1" != "$r2" ] && echo random-differs
u1=$(node -p 'require("crypto").randomUUID()'); u2=$(node -p 'require("crypto").randomUUID()'); [ "$u1" != "$u2" ] && echo uuid-differs
node -e 'const t = Date.now(); setTimeout(() => console.log("timer", Date.now() - t >= 20), 25)'
node -e 'const s = require("http").createServer((q, r) => r.end("served")).listen(0, () => require("http").get("http://localhost:" + s.address().port, (res) => { res.on("data", (d) => console.log(String(d))); res.on("end", () => s.close()); }))'
node -e 'console.log(require("child_process").execSync("echo child").toString().trim())'
SH
for u in root agent; do
  home=/root uid=0; [ $u = agent ] && home=/home/agent uid=1000
  run_acs box --user $u -c "$(cat "$TMP/state.sh")"
  check "node from node's zygote (builtins loaded before any run) sees its own run, as $u" all [ "$RC" = 0 ] -- \
    [ "$OUT" = "$(printf '%s\n' "1,2 one /tmp/a /tmp/a/x in-a $u $uid $home true true" "3 two /tmp/b /tmp/b/x in-b $u $uid $home true true" \
      random-differs uuid-differs "timer true" served child)" ]
done
# eight at once: each spawn takes the process forked ahead or waits for the next
run_acs box -c 'for i in 1 2 3 4 5 6 7 8; do node -e "setTimeout(() => console.log(process.argv[1]), 50)" $i & done; wait'
check "eight node at once each run and print" all [ "$RC" = 0 ] -- [ "$(printf '%s\n' "$OUT" | sort | tr -d '\n')" = 12345678 ]
# a sent SIGSEGV or SIGBUS ends node as Linux's default does (139, 135):
# the engine's fault handlers let the first one go by
run_acs box -c 'for s in SEGV BUS; do node -e "require(\"fs\").writeFileSync(\"/tmp/r$s\", \"\"); setTimeout(() => console.log(\"alive\"), 1500)" & p=$!
until [ -e /tmp/r$s ]; do sleep 0.05; done; kill -$s $p; wait $p; echo "$s $?"; done'
check "kill -SEGV / -BUS node: it ends of the signal, as on Linux" all [ "$RC" = 0 ] -- [ "$OUT" = "$(printf 'SEGV 139\nBUS 135')" ]
run_acs box --exec node -e 'console.log("hi", 6 * 7)'
check "node -e runs a script" all [ "$RC" = 0 ] -- [ "$OUT" = "hi 42" ]
run_acs box --exec node -p '({ a: [1, "b"] })'
check "node -p prints the value as console.log does" [ "$OUT" = "{ a: [ 1, 'b' ] }" ]
run_acs box --exec node -p '"text"'
check "node -p prints a string as it is" [ "$OUT" = text ]
run_acs box --exec node -p 'setTimeout(() => console.log("later"), 5); var n = 40; n + 2'
check "node -p prints at exit, after what the script printed" [ "$OUT" = "$(printf 'later\n42')" ]
run_acs box --exec node -e 'var g = 1; console.log(globalThis.g, this === globalThis, typeof require, __filename, __dirname, typeof module.exports)'
check "node -e is a script in the global scope with require, module, __filename ([eval]), as Node's" \
  [ "$OUT" = "1 true function [eval] . object" ]
run_acs box --exec node -e 'import path from "node:path"; console.log(path.posix.sep, typeof import.meta.url)'
check "node -e with import syntax runs as an ES module (Node's detection)" [ "$OUT" = "/ string" ]
run_acs box --exec node -p 'import os from "node:os"; 1'
check "node -p of an ES module: Node's ERR_EVAL_ESM_CANNOT_PRINT" all [ "$RC" = 1 ] -- has "$ERR" "--print cannot be used with ESM input"
run_acs box --exec /usr/bin/node -p 'process.argv0 + " " + process.execPath'
check "process.argv0 is argv[0] as run, execPath the box's /usr/bin/node" [ "$OUT" = "/usr/bin/node /usr/bin/node" ]
run_acs box --exec node -e 'await null; console.log("tla")'
check "node -e with top-level await runs as an ES module" [ "$OUT" = tla ]
run_acs box --exec node -e 'import("node:os").then((os) => console.log(typeof os.platform))'
check "import() in a node -e script" [ "$OUT" = function ]
run_acs box --exec node -e 'console.log(process.argv.slice(1))' one --two
check "node -e: process.argv is execPath and the arguments" [ "$OUT" = "[ 'one', '--two' ]" ]
run_acs box --exec node --frob
check "an unknown option: node's words and status 9" all [ "$RC" = 9 ] -- [ "$ERR" = "node: bad option: --frob" ]
run_acs box --exec node -e
check "-e without its argument: status 9" all [ "$RC" = 9 ] -- [ "$ERR" = "node: -e requires an argument" ]
run_acs box --exec node --no-warnings --input-type=commonjs -e 'console.log(typeof require)'
check "harmless options are accepted, --input-type=commonjs" [ "$OUT" = function ]
run_acs box --exec node --help
check "node --help says what the box's node lacks" all [ "$RC" = 0 ] -- has "$OUT" "Usage: node" -- has "$OUT" "Not in the box yet: outbound connections"

# ---------------------------------------------------------------- stdin
printf 'console.log("from stdin", process.argv.slice(1))\n' >"$TMP/script.js"
run_stdin "$TMP/script.js" box --exec node -
check "node - reads the script from stdin ([stdin]), argv has '-'" [ "$OUT" = "from stdin [ '-' ]" ]
run_stdin "$TMP/script.js" box --exec node
check "node with no script reads it from stdin" [ "$OUT" = "from stdin []" ]
printf 'one\ntwo\n' >"$TMP/lines"
run_stdin "$TMP/lines" box --exec node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.stringify(s)))'
check "process.stdin streams the box's stdin to its end" [ "$OUT" = '"one\ntwo\n"' ]
run_stdin "$TMP/lines" box --exec node -e 'const rl = require("readline").createInterface({ input: process.stdin }); rl.on("line", (l) => console.log("<" + l + ">")).on("close", () => console.log("closed"))'
check "readline over process.stdin" [ "$OUT" = "$(printf '<one>\n<two>\nclosed')" ]
run_stdin "$TMP/lines" box --exec node -e 'console.log(require("fs").readFileSync(0, "utf8").length)'
check "fs.readFileSync(0) reads stdin" [ "$OUT" = 8 ]
run_acs box --exec node -e 'process.stdin.on("data", () => {}).on("end", () => console.log("empty end"))'
check "an empty stdin ends at once" [ "$OUT" = "empty end" ]

# ---------------------------------------------------------- exit status
run_acs box --exec node -e 'process.exit(3)'
check "process.exit(3) is the status" [ "$RC" = 3 ]
run_acs box --exec node -e 'process.exitCode = 4; process.on("exit", (c) => console.log("exit", c))'
check "process.exitCode, and 'exit' listeners see it" all [ "$RC" = 4 ] -- [ "$OUT" = "exit 4" ]
run_acs box --exec node -e 'Promise.reject(new Error("nope"))'
check "an unhandled rejection ends with status 1" all [ "$RC" = 1 ] -- has "$ERR" "Error: nope"

# ---------------------------------------------- errors as Node prints them
run_acs box --exec node -e 'function f() { throw new Error("boom") }
f()'
check "an uncaught error: the place, the line, a caret, the error, its frames, Node's version line" \
  all [ "$RC" = 1 ] -- [ "$(printf '%s\n' "$ERR" | head -1)" = "[eval]:1" ] -- \
  has "$ERR" 'function f() { throw new Error("boom") }' -- has "$ERR" "^" -- \
  has "$ERR" "Error: boom" -- has "$ERR" "    at f ([eval]:1:" -- \
  [ "$(printf '%s\n' "$ERR" | tail -1)" = "Node.js v22.12.0" ]
if [ -n "$NODE22" ]; then
  (cd "$TMP" && "$NODE22" -e 'function f() { throw new Error("boom") }
f()' 2>"$TMP/node-err" >/dev/null)
  check "... and Node 22 starts and names the error the same way" \
    all [ "$(head -1 "$TMP/node-err")" = "[eval]:1" ] -- grep -q "^Error: boom$" "$TMP/node-err" -- grep -q "^Error: boom$" "$TMP/err"
fi
run_acs box --exec node /root/nope.js
check "a missing file: Node's 'Cannot find module' with MODULE_NOT_FOUND, status 1" \
  all [ "$RC" = 1 ] -- has "$ERR" "Error: Cannot find module '/root/nope.js'" -- \
  has "$ERR" "code: 'MODULE_NOT_FOUND'" -- has "$ERR" "requireStack: []"
if [ -n "$NODE22" ]; then
  (cd "$TMP" && "$NODE22" "$TMP/nope.js" 2>"$TMP/node-err" >/dev/null)
  check "... as Node 22 says it of a missing file" \
    all grep -q "^Error: Cannot find module '$TMP/nope.js'$" "$TMP/node-err" -- grep -q "code: 'MODULE_NOT_FOUND'" "$TMP/node-err"
fi
run_acs box --exec node -e 'let x = ;'
check "a syntax error: status 1, SyntaxError named" all [ "$RC" = 1 ] -- has "$ERR" "SyntaxError"

# a cwd removed under the shell: ls lists nothing, node's process.cwd()
# throws uv_cwd's ENOENT, "." reads as empty and takes no names (Linux and
# Node 22 on a host temp dir are the reference)
cat >"$TMP/rmcwd.sh" <<'EOS'
mkdir -p "$R/rmd/d" && cd "$R/rmd/d" && rmdir "$R/rmd/d"
ls; echo "ls $?"
pwd >/dev/null; echo "pwd $?"
$NODE -e 'const fs = require("fs"); try { process.cwd() } catch (e) { console.log("cwd", e.code, e.syscall, e.message) }
for (const [n, f] of [["readdir", () => fs.readdirSync(".")], ["stat", () => fs.statSync(".").isDirectory()], ["write", () => fs.writeFileSync("f", "x")], ["mkdir", () => fs.mkdirSync("x")]]) {
  try { console.log(n, JSON.stringify(f())) } catch (e) { console.log(n, e.code) } }'
touch f 2>/dev/null; echo "touch $?"
EOS
run_acs box -v "$TMP:/t" --env R=/tmp --env NODE=node -c 'bash /t/rmcwd.sh'
check "a removed cwd: ls lists nothing, process.cwd() throws ENOENT, '.' is empty and takes no names" all [ "$RC" = 0 ] -- \
  [ "$OUT" = "$(printf 'ls 0\npwd 0\ncwd ENOENT uv_cwd ENOENT: no such file or directory, uv_cwd\nreaddir []\nstat true\nwrite ENOENT\nmkdir ENOENT\ntouch 1')" ]
if [ -n "$NODE22" ]; then
  HOSTOUT=$(R="$TMP" NODE="$NODE22" bash "$TMP/rmcwd.sh" 2>&1)
  check "... as Linux and Node 22 answer on a host temp dir" [ "$HOSTOUT" = "$OUT" ]
fi

# ----------------------------------------- files, argv, env, cwd, modules
mkdir -p "$TMP/app/node_modules/lib1" "$TMP/app/node_modules/esm-pkg" "$TMP/app/sub" "$TMP/np/fromnp"
echo 'module.exports = { v: 42 };' >"$TMP/app/node_modules/lib1/index.js"
echo '{ "name": "esm-pkg", "type": "module", "exports": { ".": "./main.js" } }' >"$TMP/app/node_modules/esm-pkg/package.json"
echo 'export const answer = 7;' >"$TMP/app/node_modules/esm-pkg/main.js"
echo '{ "k": "json" }' >"$TMP/app/data.json"
echo 'module.exports = "via NODE_PATH";' >"$TMP/np/fromnp/index.js"
cat >"$TMP/app/main.js" <<'EOF'
const lib = require("lib1"), data = require("./data.json"), path = require("path");
console.log(lib.v, data.k, __filename, path.basename(__dirname), process.argv.slice(1));
console.log(process.cwd(), process.env.GREETING, process.env.HOME, process.getuid());
EOF
echo 'import { answer } from "esm-pkg"; import lib from "lib1"; console.log(answer, lib.v, import.meta.filename);' >"$TMP/app/main.mjs"
echo 'console.log("index of", require("path").basename(__dirname));' >"$TMP/app/sub/index.js"
run_acs box --copy "$TMP/app:/app" --env GREETING=hello --exec node /app/main.js a b
check "node FILE: require from /app/node_modules, JSON, __filename, argv, env, cwd (HOME), uid" \
  [ "$OUT" = "$(printf "42 json /app/main.js app [ '/app/main.js', 'a', 'b' ]\n/root hello /root 0")" ]
run_acs box --copy "$TMP/app:/app" -w /app --user agent --exec node main
check "node NAME from -w as agent: the extension found, argv[1] as given resolved, the agent's ids" \
  [ "$OUT" = "$(printf "42 json /app/main.js app [ '/app/main' ]\n/app undefined /home/agent 1000")" ]
run_acs box --copy "$TMP/app:/app" --exec node /app/main.mjs
check "an ES module entry imports a package's exports and a CommonJS one" [ "$OUT" = "7 42 /app/main.mjs" ]
run_acs box --copy "$TMP/app:/app" --exec node /app/sub
check "node DIR runs its index.js" [ "$OUT" = "index of sub" ]
run_acs box --copy "$TMP/np:/opt/np" --env NODE_PATH=/opt/np --exec node -e 'console.log(require("fromnp"))'
check "require() looks in NODE_PATH" [ "$OUT" = "via NODE_PATH" ]
run_acs box --exec node -e 'process.chdir("/tmp"); console.log(process.cwd(), require("fs").realpathSync(".")); try { process.chdir("/nope") } catch (e) { console.log(e.message) }'
check "process.chdir moves the box process's cwd; a missing dir as Node words it" \
  [ "$OUT" = "$(printf "/tmp /tmp\nENOENT: no such file or directory, chdir '/tmp' -> '/nope'")" ]
run_acs box --exec node -e 'const fs = require("fs"); process.umask(0o077); fs.writeFileSync("/tmp/u", ""); console.log((fs.statSync("/tmp/u").mode & 0o777).toString(8), process.umask().toString(8))'
check "process.umask is the box process's" [ "$OUT" = "600 77" ]
chmod 600 "$TMP/app/main.js"
run_acs box --copy "$TMP/app:/app" --user agent --exec node /app/main.js
check "a script agent may not read: EACCES as Node words it" all [ "$RC" = 1 ] -- has "$ERR" "EACCES: permission denied, open '/app/main.js'"
chmod 644 "$TMP/app/main.js"

# ---------------------------------------------------------- --copy itself
printf 'alpha\n' >"$TMP/one.txt"
chmod 640 "$TMP/one.txt"
touch -d '2020-01-02 03:04:05' "$TMP/one.txt"
ln -s one.txt "$TMP/app/link"
run_acs box --copy "$TMP/one.txt:/data/one.txt:agent" --copy "$TMP/app:/app" --exec node -e '
const fs = require("fs"), s = fs.statSync("/data/one.txt"), d = fs.statSync("/data");
console.log((s.mode & 0o777).toString(8), s.uid, s.mtime.toISOString(), fs.readFileSync("/data/one.txt", "utf8").trim());
console.log((d.mode & 0o777).toString(8), d.uid, fs.readlinkSync("/app/link"), fs.statSync("/app").uid)'
check "--copy: mode, times, owner (:agent), missing parents made, links as links, root by default" \
  [ "$OUT" = "$(printf '640 1000 2020-01-02T03:04:05.000Z alpha\n755 0 one.txt 0')" ]
run_acs box --copy "$TMP/none:/x" --exec true
check "--copy of a missing host path: a configuration error naming it" all [ "$RC" = 2 ] -- has "$ERR" "$TMP/none" -- has "$ERR" "No such file"
run_acs box --copy "relative" --exec true
check "--copy without HOST:BOX: a usage error" all [ "$RC" = 2 ] -- has "$ERR" "HOST:BOX"

# --------------------------------------------------------- not there yet
run_acs box --exec node -e 'console.log(require("child_process").execSync("ls -d /usr/bin", { encoding: "utf8" }).trim())'
check "child_process runs the box's programs (tests/e2e/box_child_process.sh has the rest)" all [ "$RC" = 0 ] -- [ "$OUT" = /usr/bin ]
run_acs box --exec node -e 'fetch("http://example.com/").catch((e) => console.log(e.message, "|", e.cause.message))'
check "fetch of a host outside the box fails with the reason: the box has no network" has "$OUT" "fetch failed | the box has no network: only its own servers"
run_acs box --exec npm install
check "npm in a directory without package.json: npm's ENOENT (box_npm.sh tests npm)" all [ "$RC" = 1 ] -- has "$ERR" "npm error code ENOENT"

# ------------------------------------------- the same stdout as Node 22
cat >"$TMP/fsdiff.js" <<'EOF'
// fs in a box against Node 22 on the host: every line printed must be the
// same. The base directory is the first argument; paths in messages are
// printed as BASE.
const fs = require("fs"), path = require("path");
const base = process.argv[2];
const B = (p) => path.join(base, p);
const hide = (s) => String(s).split(base).join("BASE");
const log = (...a) => console.log(...a.map((x) => (typeof x === "string" ? hide(x) : x)));
const err = (label, f) => {
  try {
    const r = f();
    log(label, "ok", r === undefined ? "" : JSON.stringify(r));
  } catch (e) {
    log(label, e.code, e.syscall, hide(e.message));
  }
};
fs.rmSync(base, { recursive: true, force: true });
fs.mkdirSync(base);
fs.writeFileSync(B("a.txt"), "hello\n");
fs.writeFileSync(B("bin.dat"), Buffer.from([0, 1, 2, 255]));
fs.appendFileSync(B("a.txt"), "more\n");
log(JSON.stringify(fs.readFileSync(B("a.txt"), "utf8")), fs.readFileSync(B("bin.dat")).toString("hex"));
const st = fs.statSync(B("a.txt"));
log(st.size, st.isFile(), st.isDirectory(), (st.mode & 0o777).toString(8), st.nlink, typeof st.mtimeMs, st.mtime instanceof Date);
log(fs.mkdirSync(B("x/y/z"), { recursive: true }));
log(fs.mkdirSync(B("x/y/z"), { recursive: true }));
err("mkdir existing", () => fs.mkdirSync(B("x")));
err("mkdir under a file", () => fs.mkdirSync(B("a.txt/sub"), { recursive: true }));
fs.writeFileSync(B("x/y/f1"), "1");
fs.writeFileSync(B("x/f2"), "22");
log(fs.readdirSync(base).sort());
log(fs.readdirSync(B("x"), { recursive: true }).sort());
log(fs.readdirSync(B("x"), { withFileTypes: true }).map((d) => [d.name, d.isDirectory(), d.isFile()]).sort());
fs.renameSync(B("x/f2"), B("x/f3"));
err("rename missing", () => fs.renameSync(B("nope"), B("x/f4")));
log(fs.existsSync(B("x/f2")), fs.existsSync(B("x/f3")));
fs.unlinkSync(B("x/f3"));
err("unlink missing", () => fs.unlinkSync(B("x/f3")));
err("read missing", () => fs.readFileSync(B("missing")));
err("read a directory", () => fs.readFileSync(B("x")));
err("rmdir non-empty", () => fs.rmdirSync(B("x")));
err("readdir a file", () => fs.readdirSync(B("a.txt")));
err("open wx existing", () => fs.openSync(B("a.txt"), "wx"));
err("stat missing", () => fs.statSync(B("nope/x")));
log(fs.statSync(B("nope"), { throwIfNoEntry: false }));
fs.symlinkSync("a.txt", B("link"));
log(fs.readlinkSync(B("link")), fs.lstatSync(B("link")).isSymbolicLink(), fs.readFileSync(B("link"), "utf8").length);
log(path.relative(base, fs.realpathSync(B("link"))));
fs.chmodSync(B("a.txt"), 0o600);
log((fs.statSync(B("a.txt")).mode & 0o777).toString(8));
const fd = fs.openSync(B("fd.txt"), "w+");
fs.writeSync(fd, "abcdef");
const buf = Buffer.alloc(3);
fs.readSync(fd, buf, 0, 3, 1);
fs.ftruncateSync(fd, 2);
fs.fchmodSync(fd, 0o640);
fs.futimesSync(fd, 1000, 2000);
const fst = fs.fstatSync(fd);
log(buf.toString(), fst.size, (fst.mode & 0o777).toString(8), fst.mtimeMs, fst.atimeMs);
fs.closeSync(fd);
err("close twice", () => fs.closeSync(fd));
fs.utimesSync(B("a.txt"), 5, 6);
log(fs.statSync(B("a.txt")).atimeMs, fs.statSync(B("a.txt")).mtimeMs);
fs.truncateSync(B("a.txt"), 3);
log(fs.readFileSync(B("a.txt"), "utf8"));
fs.copyFileSync(B("a.txt"), B("copy.txt"));
log(fs.readFileSync(B("copy.txt"), "utf8"));
const big = "z".repeat(200000) + "end";
fs.writeFileSync(B("big"), big);
log(fs.readFileSync(B("big"), "utf8") === big, fs.statSync(B("big")).size);
fs.rmSync(B("x"), { recursive: true });
log(fs.existsSync(B("x")));
(async () => {
  const p = fs.promises;
  await p.writeFile(B("p.txt"), "promised");
  log(await p.readFile(B("p.txt"), "utf8"));
  log((await p.stat(B("p.txt"))).size);
  await p.mkdir(B("pd/q"), { recursive: true });
  await p.rename(B("p.txt"), B("pd/q/p2.txt"));
  log(await p.readdir(B("pd/q")));
  try {
    await p.readFile(B("nope"));
  } catch (e) {
    log("promise", e.code, hide(e.message));
  }
  const h = await p.open(B("h.txt"), "w");
  await h.write("handle");
  await h.close();
  log(await p.readFile(B("h.txt"), "utf8"));
  await p.unlink(B("h.txt"));
  await new Promise((res) => fs.readFile(B("pd/q/p2.txt"), "utf8", (e, d) => { log("callback", e, d); res(); }));
  await new Promise((res) => fs.stat(B("nope"), (e) => { log("callback error", e.code); res(); }));
  await new Promise((res, rej) => {
    const w = fs.createWriteStream(B("s.txt"));
    for (let i = 0; i < 1000; i++) w.write(`line ${i}\n`);
    w.end();
    w.on("finish", res);
    w.on("error", rej);
  });
  let n = 0, bytes = 0;
  await new Promise((res) => fs.createReadStream(B("s.txt"), { highWaterMark: 1024 }).on("data", (c) => { n++; bytes += c.length; }).on("end", res));
  log("stream", n, bytes);
  const rl = require("readline").createInterface({ input: fs.createReadStream(B("s.txt")) });
  let lines = 0;
  for await (const l of rl) if (l) lines++;
  log("lines", lines);
  await require("stream/promises").pipeline(fs.createReadStream(B("s.txt")), fs.createWriteStream(B("s2.txt")));
  log(fs.statSync(B("s2.txt")).size);
  await new Promise((res) => fs.createReadStream(B("missing")).on("error", (e) => { log("stream error", e.code, hide(e.message)); res(); }));
  log(fs.readdirSync(base).sort());
})();
EOF
cat >"$TMP/general.js" <<'EOF'
// plain Node behaviour: the box and Node 22 print the same
const util = require("util"), path = require("path"), { EventEmitter } = require("events");
console.log(JSON.stringify({ a: [1, 2, { b: null }] }), util.inspect({ deep: { er: { est: [1] } }, m: new Map([[1, "x"]]) }));
console.log(Buffer.from("héllo").toString("base64"), Buffer.from("aGk=", "base64").toString(), Buffer.concat([Buffer.from([1]), Buffer.from([2])]));
const u = new URL("https://user@example.com:8080/p/a/t/h?query=string#hash");
console.log(u.host, u.pathname, u.searchParams.get("query"), path.join("/a", "..", "b", "c.txt"), path.extname("x.tar.gz"));
console.log(require("crypto").createHash("sha256").update("abc").digest("hex"));
const e = new EventEmitter();
e.on("x", (v) => console.log("event", v));
e.emit("x", 1);
setTimeout(() => console.log("timeout"), 0);
setImmediate(() => console.log("immediate"));
process.nextTick(() => console.log("tick"));
Promise.resolve().then(() => console.log("promise"));
queueMicrotask(() => console.log("microtask"));
(async () => { await null; console.log("async"); })();
console.log(typeof structuredClone, typeof fetch, [1, 2, 3].at(-1), Object.groupBy([1, 2, 3], (x) => (x % 2 ? "odd" : "even")));
console.log(util.format("%s %d %j", "s", 42, { j: 1 }), util.types.isPromise(Promise.resolve()));
class A { #p = 1; get p() { return this.#p; } }
console.log(new A().p, 2n ** 64n, "abc".padStart(5, "-"), [3, 1, 2].toSorted());
console.log(process.argv.slice(2), process.exitCode, typeof process.hrtime.bigint());
process.on("exit", (c) => console.log("exit", c));
EOF
cat >"$TMP/denied.js" <<'EOF'
// what a user other than root meets in root's and the system's dirs
const fs = require("fs");
const r = (label, f) => {
  try {
    f();
    console.log(label, "ok");
  } catch (e) {
    console.log(label, e.code, e.syscall, e.message);
  }
};
r("write /root/x", () => fs.writeFileSync("/root/x", "1"));
r("read /root/x", () => fs.readFileSync("/root/x"));
r("readdir /root", () => fs.readdirSync("/root"));
r("stat /root/x", () => fs.statSync("/root/x"));
r("mkdir /root/d", () => fs.mkdirSync("/root/d"));
r("mkdir -p /root/d/e", () => fs.mkdirSync("/root/d/e", { recursive: true }));
r("unlink /root/x", () => fs.unlinkSync("/root/x"));
r("open /root/x", () => fs.openSync("/root/x", "w"));
r("write /etc/x", () => fs.writeFileSync("/etc/x", "1"));
// one after the other: which of two failing async opens reports first is
// the thread pool's business in Node
fs.createWriteStream("/root/x").on("error", (e) => {
  console.log("stream", e.code, e.message);
  fs.promises.writeFile("/root/y", "1").catch((e) => console.log("promise", e.code, e.message));
});
EOF
if [ -z "$NODE22" ]; then
  echo "skip differential checks: Node 22 is not installed (tests/.node22)"
else
  files="--copy $TMP/fsdiff.js:/t/fsdiff.js --copy $TMP/general.js:/t/general.js --copy $TMP/denied.js:/t/denied.js"
  (cd "$TMP" && "$NODE22" "$TMP/fsdiff.js" "$TMP/host-fs" >"$TMP/want-fs" 2>&1)
  for who in "root /tmp/w" "root /home/agent/w" "agent /home/agent/w" "agent /tmp/w"; do
    set -- $who
    # shellcheck disable=SC2086
    run_acs box $files --user "$1" --exec node /t/fsdiff.js "$2"
    check "fs differential as $1 in $2: the same stdout as Node 22 on a host dir" \
      all [ "$RC" = 0 ] -- [ "$OUT" = "$(cat "$TMP/want-fs")" ]
    [ "$OUT" = "$(cat "$TMP/want-fs")" ] || diff <(printf '%s\n' "$OUT") "$TMP/want-fs" | head -10 | sed 's/^/  /'
  done
  (cd "$TMP" && "$NODE22" "$TMP/general.js" x y >"$TMP/want-gen" 2>&1)
  # shellcheck disable=SC2086
  run_acs box $files --exec node /t/general.js x y
  check "general differential: the same stdout as Node 22" [ "$OUT" = "$(cat "$TMP/want-gen")" ]
  # a warm box's node comes from a spare that rehearsed `node -e` and a
  # CommonJS file in its zygote: neither leaves a trace in the next run
  cat >"$TMP/main.js" <<'JS'
console.log(require.main === module, module.id, Object.keys(require.cache).map((k) => require("path").basename(k)));
console.log(typeof globalThis.module, typeof globalThis.exports, typeof globalThis.require, typeof globalThis.__filename);
console.log(Object.getOwnPropertyNames(globalThis).filter((k) => /warm/.test(k)), process.argv.slice(2));
JS
  evals='console.log(typeof module, module.id, require.main, __filename, __dirname, Object.keys(require.cache), module.paths[0])'
  (cd "$TMP" && "$NODE22" main.js a && cd / && "$NODE22" -e "$evals") >"$TMP/want-warm" 2>&1
  run_acs box --copy "$TMP/main.js:/w/main.js" -c "node -e 1; node -e 1; sleep 0.3; cd /w && node main.js a; cd / && node -e '$evals'"
  check "a warm box's node -e and node FILE see no trace of the spare's rehearsal (as Node 22)" \
    all [ "$RC" = 0 ] -- [ "$OUT" = "$(cat "$TMP/want-warm")" ]
  if command -v runuser >/dev/null && [ "$(id -u)" = 0 ]; then
    chmod 755 "$TMP"
    (cd / && runuser -u nobody -- "$NODE22" "$TMP/denied.js" >"$TMP/want-denied" 2>&1)
    # shellcheck disable=SC2086
    run_acs box $files --user agent --exec node /t/denied.js
    check "as agent, /root and /etc refuse as Linux refuses a user (Node 22 as nobody on the host)" \
      all [ "$OUT" = "$(cat "$TMP/want-denied")" ] -- has "$OUT" "EACCES: permission denied, open '/root/x'"
    [ "$OUT" = "$(cat "$TMP/want-denied")" ] || diff <(printf '%s\n' "$OUT") "$TMP/want-denied" | head -10 | sed 's/^/  /'
  else
    echo "skip EACCES differential: needs root and runuser to run Node 22 as another user"
  fi
  # tests/js's differential cases, in the box at the same path as on the host
  js=$PWD/tests/js
  same=0 differ=""
  for f in $(cd "$js" && grep -l '^// differential' ./*.js ./*.mjs ./*.cjs 2>/dev/null); do
    f=${f#./}
    want=$(cd "$js" && "$NODE22" "$f" 2>/dev/null)
    got=$("$ACS" box --copy "$js:$js" -w "$js" --exec node "$f" 2>/dev/null </dev/null)
    if [ "$got" = "$want" ]; then same=$((same + 1)); else differ="$differ $f"; fi
  done
  check "tests/js differential cases run by the box's node print what Node 22 prints ($same the same)" [ -z "$differ" ]
  [ -z "$differ" ] || echo "  differ:$differ"
fi
