# box_child_process.sh - node's child_process in the box: the scripts of
# tests/e2e/child_process (spawn, exec, execFile, the sync forms, fork's
# channel, process.kill and signal listeners, scripts with and without a
# #! line) print in a box what they print under Node 22 on the host, at
# the same path; and what only the box shows: every program is the box's
# (a host binary's path is ENOENT there), process.execPath stays
# /usr/bin/node, a child runs as the box user in the parent's cwd.
. "$(dirname "$0")/lib.sh"
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE22" ] || NODE22=""
D=$TMP/cp
cp -r "$(dirname "$0")/child_process" "$D"

# ------------------------------------------------------------ differential
if [ -z "$NODE22" ]; then
  echo "skip child_process differential checks: Node 22 is not installed (tests/.node22)"
else
  for f in cp_sync cp_async cp_fork cp_signals cp_scripts; do
    want=$(cd "$D" && timeout 120 "$NODE22" "$f.js" 2>&1)
    run_acs box --copy "$D:$D" -w "$D" --exec node "$f.js"
    check "$f.js prints in the box what it prints under Node 22" all [ "$RC" = 0 ] -- [ "$OUT" = "$want" ]
    [ "$OUT" = "$want" ] || diff <(printf '%s\n' "$OUT") <(printf '%s\n' "$want") | head -20 | sed 's/^/  /'
  done
fi

# ---------------------------------------------------------------- the box's
run_acs box --exec node -e '
const cp = require("child_process");
console.log(process.execPath, cp.execFileSync(process.execPath, ["-p", "typeof process.versions.acs + \" \" + process.execPath"], { encoding: "utf8" }).trim());'
check "a child node is the box's node, and process.execPath stays /usr/bin/node" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "/usr/bin/node string /usr/bin/node" ]

host_bin=${NODE22:-$ACS}
run_acs box --exec node -e "
const r = require('child_process').spawnSync('$host_bin', ['-e', 'console.log(1)']);
console.log(r.error && r.error.code, r.status);
try { require('child_process').execFileSync('$ACS', ['--version']) } catch (e) { console.log(e.code, e.syscall) }"
check "a host binary's path is not a program of the box: ENOENT" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$(printf 'ENOENT null\nENOENT spawnSync %s' "$ACS")" ]

run_acs box --user agent -w /home/agent --exec node -e '
const cp = require("child_process");
console.log(cp.execSync("id -un; pwd", { encoding: "utf8" }).trim().split("\n").join(" "));
try { cp.execSync("touch /root/x", { stdio: "pipe" }) } catch (e) { console.log(e.status, String(e.stderr).trim()) }'
check "a child runs as the box user in the parent's cwd, with the user's permissions" \
  all [ "$RC" = 0 ] -- has "$OUT" "agent /home/agent" -- has "$OUT" "Permission denied"

run_acs box --user agent --exec node -e '
const cp = require("child_process");
try { cp.spawn("id", { uid: 0 }) } catch (e) { console.log(e.message, e.code) }
console.log(cp.spawnSync("id", { gid: 0 }).error.message);'
check "another uid or gid for the child: EPERM, as Node says it to a user who may not" \
  [ "$OUT" = "$(printf 'spawn EPERM EPERM\nspawnSync id EPERM')" ]

run_acs box -c 'head -c 300000 /dev/urandom > /tmp/r; cksum < /tmp/r
node -e "require(\"child_process\").spawn(\"cat\", [\"/tmp/r\"]).stdout.pipe(process.stdout)" | cksum'
check "a child's binary output piped to process.stdout comes out byte for byte" \
  all [ "$RC" = 0 ] -- [ "$(printf '%s\n' "$OUT" | sed -n 1p)" = "$(printf '%s\n' "$OUT" | sed -n 2p)" ]

printf 'line one\nline two\n' >"$TMP/in"
"$ACS" box --exec node -e 'require("child_process").spawn("wc", ["-l"], { stdio: "inherit" })' <"$TMP/in" >"$TMP/out" 2>"$TMP/err"
RC=$? OUT=$(cat "$TMP/out") ERR=$(cat "$TMP/err")
check "stdio inherit: the child reads the box process's stdin and writes its stdout" all [ "$RC" = 0 ] -- [ "$OUT" = 2 ]

run_acs box -c 'node -e "
const c = require(\"child_process\").spawn(\"sleep\", [\"30\"], { stdio: \"ignore\" });
c.unref();
console.log(\"parent done\", c.pid > 0);
"; echo "shell after node: $?"; pgrep -x sleep >/dev/null && echo "sleep still running"; kill $(pgrep -x sleep)'
check "child.unref(): node ends without waiting for the child" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$(printf 'parent done true\nshell after node: 0\nsleep still running')" ]

run_acs box -c 'node -e "
const cp = require(\"child_process\");
const kids = [];
for (let i = 0; i < 8; i++) kids.push(new Promise((res) => cp.exec(\"echo \" + i + \"; exit \" + i, (e, out) => res(out.trim() + \":\" + (e ? e.code : 0)))));
Promise.all(kids).then((r) => console.log(r.join(\" \")));
"'
check "eight children at once each report their own output and status" \
  [ "$OUT" = "0:0 1:1 2:2 3:3 4:4 5:5 6:6 7:7" ]

# ------------------------------------------------------------ exec refuses
printf 'try { require("child_process").execSync("ls") } catch (e) { console.log(e.code, e.message) }\n' >"$TMP/refuse.js"
(cd "$TMP" && "$ACS" run refuse.js >"$TMP/out" 2>"$TMP/err" </dev/null); RC=$?
OUT=$(cat "$TMP/out") ERR=$(cat "$TMP/err")
check "outside a box (acs run) child_process still refuses" \
  [ "$OUT" = "ERR_ACCESS_DENIED execSync(): subprocesses are not allowed in the sandbox" ]
