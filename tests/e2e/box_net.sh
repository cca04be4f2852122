# box_net.sh - the box's network: node's net and http servers and clients
# inside a box, differentially against Node 22 on the host (the scripts in
# tests/e2e/box_net/ print the same in both); box ports from the host
# (acs box -p); and attacks: the host's loopback in every spelling, private
# and metadata addresses, a squatted port, a listener that never accepts.
. "$(dirname "$0")/lib.sh"
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE22" ] || NODE22=""
DIR=$PWD/tests/e2e/box_net

# ------------------------------------------------------------ differential
if [ -n "$NODE22" ]; then
  for f in "$DIR"/*.js; do
    b=$(basename "$f")
    run_acs box --timeout-ms 60000 --copy "$f:/tmp/$b" --exec node "/tmp/$b"
    want=$(cd "$TMP" && "$NODE22" "$f" 2>&1)
    got="$OUT$ERR"
    check "box_net/$b prints what Node 22 prints" [ "$got" = "$want" ]
    [ "$got" = "$want" ] || diff <(printf '%s\n' "$got") <(printf '%s\n' "$want") | head -20 | sed 's/^/     /'
  done
else
  echo "skip differential box_net checks: Node 22 is not installed (tests/.node22)"
fi

# ----------------------------------------------------- the host: acs box -p
cat >"$TMP/srv.js" <<'EOF'
const http = require("http");
const srv = http.createServer((req, res) => {
  let body = "";
  req.on("data", (d) => body += d);
  req.on("end", () => {
    if (req.url === "/stop") { res.end("bye\n"); srv.close(); return; }
    res.setHeader("Content-Type", "text/plain");
    res.end(`${req.method} ${req.url} ${body} from ${req.socket.remoteAddress}\n`);
  });
});
srv.listen(3000, () => console.log("listening"));
EOF
# a free host port: bind 0, read it, let it go
hport=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$ACS" box --timeout-ms 60000 -p "3000:$hport" --copy "$TMP/srv.js:/tmp/srv.js" --exec node /tmp/srv.js \
  >"$TMP/p.out" 2>"$TMP/p.err" &
bpid=$!
up=""
for i in $(seq 200); do
  if r=$(curl -s -m 5 "http://127.0.0.1:$hport/first" 2>/dev/null) && [ -n "$r" ]; then up=$r; break; fi
  sleep 0.1
done
OUT=$up ERR=$(cat "$TMP/p.err")
# an IPv4 client of a server on "::" shows as ::ffff:127.0.0.1, as in Node
check "acs box -p: a host client reaches node's server in the box" [ "$up" = "GET /first  from ::ffff:127.0.0.1" ]
check "acs box -p prints where the box port is" has "$ERR" "acs box: box port 3000 is at http://127.0.0.1:$hport"
OUT=$(curl -s -m 5 -d 'a=1' "http://127.0.0.1:$hport/post")
check "acs box -p: a POST body arrives" [ "$OUT" = "POST /post a=1 from ::ffff:127.0.0.1" ]
OUT=$(curl -s -m 5 -H 'Transfer-Encoding: chunked' --data-binary @"$DIR/../lib.sh" "http://127.0.0.1:$hport/c" | wc -c)
check "acs box -p: a chunked upload of a whole file arrives" [ "$OUT" -gt 1000 ]
OUT=$(curl -s -m 5 -D - -o /dev/null "http://127.0.0.1:$hport/h" | tr -d '\r' | sed 's/^Date: .*/Date: D/')
check "acs box -p: the head is Node's" [ "$OUT" = "$(printf 'HTTP/1.1 200 OK\nContent-Type: text/plain\nDate: D\nConnection: keep-alive\nKeep-Alive: timeout=5\nContent-Length: 30\n')" ]
OUT=$(curl -s -m 5 "http://127.0.0.1:$hport/k1" "http://127.0.0.1:$hport/k2")
check "acs box -p: two requests on one keep-alive connection" [ "$OUT" = "$(printf 'GET /k1  from ::ffff:127.0.0.1\nGET /k2  from ::ffff:127.0.0.1')" ]
OUT=$(curl -s -m 5 "http://127.0.0.1:$hport/stop")
wait "$bpid"
RC=$?
check "the server closed: the box's program ends and acs with it" all [ "$OUT" = bye ] -- [ "$RC" = 0 ]
OUT=$(curl -s -m 2 "http://127.0.0.1:$hport/" 2>&1; echo "rc=$?")
check "the exposed port is gone with the box" has "$OUT" "rc=7"

run_acs box -p 0 -c true
check "-p with a bad box port: a usage error" all [ "$RC" = 2 ] -- has "$ERR" "-p takes BOXPORT[:HOSTPORT]"
run_acs box -p 3000:70000 -c true
check "-p with a bad host port: a usage error" all [ "$RC" = 2 ] -- has "$ERR" "not '3000:70000'"
node -e 'require("net").createServer().listen('"$hport"', "127.0.0.1", () => setTimeout(() => process.exit(0), 5000))' &
squat=$!
sleep 0.5
run_acs box -p "3000:$hport" -c true
check "-p on a host port in use: says so and what to do" all [ "$RC" = 2 ] -- has "$ERR" "host port $hport cannot be used: Address already in use (choose another, or 0 for a free one)"
kill "$squat" 2>/dev/null; wait "$squat" 2>/dev/null

# ----------------------------------------------------------------- ports
run_acs box --user agent --exec node -e 'require("net").createServer().listen(80).on("error", (e) => console.log(e.message))'
check "a user but root cannot listen below 1024 (EACCES as Linux says it)" [ "$OUT" = "listen EACCES: permission denied 0.0.0.0:80" ]
run_acs box --exec node -e 'const s = require("net").createServer().listen(80, () => { console.log(s.address().port); s.close(); })'
check "root can" [ "$OUT" = 80 ]
run_acs box -c 'node -e "require(\"net\").createServer().listen(3000, () => console.log(\"first\"))" & sleep 1; kill $!; wait; node -e "const s = require(\"net\").createServer().listen(3000, () => { console.log(\"again\"); s.close(); })"'
check "a listener's port is free once its process is gone" [ "$OUT" = "$(printf 'first\nagain')" ]
run_acs box -c 'node -e "require(\"net\").createServer().listen(3000)" & sleep 1; node -e "require(\"net\").createServer().listen(3000).on(\"error\", e => console.log(e.code))"; kill $!'
check "a port another program holds: EADDRINUSE" [ "$OUT" = EADDRINUSE ]

# A server whose loop is busy accepts nothing: 511 connections wait (Node's
# default backlog), the rest are refused at once instead of hanging.
cat >"$TMP/busy.js" <<'EOF'
const fs = require("fs");
require("net").createServer().listen(3000, () => {
  fs.writeFileSync("/tmp/ready", "");
  const until = Date.now() + 20000;
  while (Date.now() < until && !fs.existsSync("/tmp/done")) {}
  process.exit(0);
});
EOF
cat >"$TMP/flood.js" <<'EOF'
const net = require("net");
let ok = 0, refused = 0, n = 0;
for (let i = 0; i < 600; i++) {
  const c = net.connect(3000, "127.0.0.1");
  c.on("connect", () => { ok++; done(); });
  c.on("error", (e) => { if (e.code === "ECONNREFUSED") refused++; done(); });
}
function done() {
  if (++n < 600) return;
  console.log(`connected ${ok} refused ${refused}`);
  require("fs").writeFileSync("/tmp/done", "");
  process.exit(0);
}
EOF
run_acs box --timeout-ms 60000 --copy "$TMP/busy.js:/tmp/busy.js" --copy "$TMP/flood.js:/tmp/flood.js" \
  -c 'node /tmp/busy.js & while [ ! -e /tmp/ready ]; do sleep 0.05; done; node /tmp/flood.js; wait'
check "a listener that never accepts: its backlog fills (511), the rest is refused at once" [ "$OUT" = "connected 511 refused 89" ]

# ----------------------------------------------------------------- attacks
# A host server on the loopback: nothing in the box may reach it, whatever
# the spelling; it writes every connection it sees to a file.
cat >"$TMP/host.js" <<'EOF'
const fs = require("fs");
const s = require("net").createServer((c) => { fs.appendFileSync(process.argv[2], "connection\n"); c.destroy(); });
s.listen(0, "127.0.0.1", () => { fs.writeFileSync(process.argv[3], String(s.address().port)); });
setTimeout(() => process.exit(0), 60000);
EOF
: >"$TMP/seen"
node "$TMP/host.js" "$TMP/seen" "$TMP/hp" &
hsrv=$!
for i in $(seq 100); do [ -s "$TMP/hp" ] && break; sleep 0.05; done
hp=$(cat "$TMP/hp")
cat >"$TMP/reach.js" <<'EOF'
const net = require("net");
const port = +process.argv[2];
const hosts = ["127.0.0.1", "localhost", "127.1", "127.0.1", "0x7f000001", "2130706433", "017700000001",
  "0177.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "0.0.0.0", "0", "::",
  "box", "LOCALHOST", "foo.localhost", "169.254.169.254", "10.0.0.1", "192.168.1.1", "172.16.0.1",
  "100.64.0.1", "8.8.8.8", "example.com", "fd00::1", "fe80::1"];
(async () => {
  for (const h of hosts) {
    const r = await new Promise((resolve) => {
      const c = net.connect(port, h);
      c.on("connect", () => { c.destroy(); resolve("CONNECTED"); });
      c.on("error", (e) => resolve(e.code));
    });
    console.log(h, r);
  }
  for (const u of [`http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`,
                   `http://0x7f.1:${port}/`, `http://localhost:${port}/`, "http://169.254.169.254/latest/meta-data/"]) {
    const r = await fetch(u).then((x) => `STATUS ${x.status}`, (e) => `failed ${e.cause?.code ?? e.message}`);
    console.log(u.replace(String(port), "P"), r);
  }
})();
EOF
run_acs box --timeout-ms 60000 --copy "$TMP/reach.js:/tmp/reach.js" --exec node /tmp/reach.js "$hp"
check "no spelling of the loopback reaches the host's server: every one is the box's (ECONNREFUSED)" \
  all [ "$(printf '%s\n' "$OUT" | grep -v '^http' | grep -c ' ECONNREFUSED$')" = 18 ] -- [ "$(printf '%s\n' "$OUT" | grep -c CONNECTED)" = 0 ]
check "private, link-local, CGNAT, metadata and public addresses and names: no network (ENETUNREACH)" \
  [ "$(printf '%s\n' "$OUT" | grep -cE '^(169.254.169.254|10.0.0.1|192.168.1.1|172.16.0.1|100.64.0.1|8.8.8.8|example.com|fd00::1|fe80::1) ENETUNREACH$')" = 9 ]
check "fetch of the loopback in any spelling is refused in the box, metadata has no network" \
  all [ "$(printf '%s\n' "$OUT" | grep -c '^http.*failed ECONNREFUSED$')" = 5 ] -- has "$OUT" "169.254.169.254/latest/meta-data/ failed"
OUT=$(cat "$TMP/seen")
check "the host's server saw no connection at all" [ -z "$OUT" ]
run_acs box --exec node -e 'require("net").connect(80, "93.184.216.34").on("error", (e) => console.log(e.message))'
check "an outbound connection says the box has no network and what it can reach" \
  [ "$OUT" = "connect ENETUNREACH 93.184.216.34:80 - the box has no network: only the box's own addresses (localhost, 127.0.0.1, ::1) can be reached" ]
run_acs box --exec node -e 'require("net").createServer().listen(0, "10.1.2.3").on("error", (e) => console.log(e.code))'
check "listening on an address that is not the box's: EADDRNOTAVAIL" [ "$OUT" = EADDRNOTAVAIL ]
run_acs box --exec node -e 'try { require("net").createServer().listen("/tmp/sock") } catch (e) { console.log(e.message) }'
check "a Unix socket path: refused, saying to use a port" has "$OUT" "use a port"
kill "$hsrv" 2>/dev/null; wait "$hsrv" 2>/dev/null

# exec's node has no sockets at all
run_acs run -c 'import net from "node:net"; try { net.createServer() } catch (e) { console.log(e.code) }'
check "exec (not a box): net stays refused" [ "$OUT" = ERR_ACCESS_DENIED ]
