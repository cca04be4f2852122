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
# the squatter says when it listens (a fixed sleep races a loaded machine)
exec 7< <(node -e 'require("net").createServer().listen('"$hport"', "127.0.0.1", () => { console.log("up"); setTimeout(() => process.exit(0), 30000) })' & echo "$!"; wait)
read -r squat <&7; read -r _ <&7
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

# --------------------------------------------------------------- outbound
# The allowed host is a name pinned (--resolve) to a host server on the
# loopback, which only an address entry lets through; the trap (PB) must
# never see a connection.
HITS=$TMP/hits
: >"$HITS"
exec 8< <(node tests/security/net_server.js "$HITS" & echo "$!"; wait)
read -r NSRV <&8; read -r PA PB <&8
OK="--allow-domain ok.test:$PA --allow-domain 127.0.0.1:$PA --resolve ok.test:$PA:127.0.0.1 --resolve trap.test:$PB:127.0.0.1"
cat >"$TMP/out.js" <<'EOF2'
const [url] = process.argv.slice(2);
const http = require("http");
(async () => {
  const f = await fetch(url).then(async (r) => `${r.status} ${await r.text()}`, (e) => `failed ${e.cause?.code}: ${e.cause?.message}`);
  console.log("fetch", f);
  await new Promise((done) => http.get(url, (res) => {
    let d = ""; res.on("data", (c) => d += c); res.on("end", () => { console.log("http", res.statusCode, d); done(); });
  }).on("error", (e) => { console.log("http error", e.code, e.message); done(); }));
  const u = new URL(url);
  await new Promise((done) => {
    const c = require("net").connect(+u.port || 80, u.hostname, () => { console.log("net connected"); c.destroy(); done(); });
    c.on("error", (e) => { console.log("net error", e.code, e.message); done(); });
  });
})();
EOF2
# shellcheck disable=SC2086
run_acs box $OK --copy "$TMP/out.js:/tmp/out.js" --exec node /tmp/out.js "http://ok.test:$PA/ok"
check "outbound: fetch, http and net reach an allowed host through the kernel" \
  [ "$OUT" = "$(printf 'fetch 200 ALLOWED-OK\nhttp 200 ALLOWED-OK\nnet connected')" ]
# shellcheck disable=SC2086
run_acs box $OK --copy "$TMP/out.js:/tmp/out.js" --exec node /tmp/out.js "http://trap.test:$PB/"
check "outbound: a host not on the list is refused by name, saying what is allowed" \
  all has "$OUT" "fetch failed EACCES_POLICY: connection to trap.test:$PB refused: the host is not allowed; allowed: ok.test:$PA, 127.0.0.1:$PA" \
  -- has "$OUT" "net error EACCES connect EACCES trap.test:$PB - the host is not allowed"
run_acs box --network --resolve "trap.test:$PB:127.0.0.1" --copy "$TMP/out.js:/tmp/out.js" --exec node /tmp/out.js "http://trap.test:$PB/"
check "outbound with --network: a name that resolves to the host's loopback is refused" \
  all has "$OUT" "it resolves to 127.0.0.1, a loopback address, which is allowed only when listed itself); allowed: any public address" \
  -- [ "$(printf '%s\n' "$OUT" | grep -c refused)" = 3 ]
for a in 10.0.0.1 169.254.169.254 100.64.0.1 192.168.0.1 ::ffff:127.0.0.1 0:0:0:0:0:ffff:7f00:1; do
  run_acs box --network --resolve "evil.test:$PB:$a" --exec node -e "require('net').connect($PB, 'evil.test').on('error', (e) => console.log(e.code)).on('connect', () => console.log('CONNECTED'))"
  check "outbound with --network: a name pinned to $a is refused" [ "$OUT" = EACCES ]
done
run_acs box --network --exec node -e "fetch('http://no-such-name.invalid/').catch((e) => console.log(e.cause.code, e.cause.message))"
check "outbound: a name that does not resolve is getaddrinfo ENOTFOUND" [ "$OUT" = "ENOTFOUND getaddrinfo ENOTFOUND no-such-name.invalid" ]
# shellcheck disable=SC2086
run_acs box $OK --exec node -e "fetch('http://ok.test:$PA/redirect?to=http://trap.test:$PB/').then((r) => console.log(r.status), (e) => console.log('failed', e.cause.code))"
check "outbound: a redirect to a host not allowed is refused" [ "$OUT" = "failed EACCES_POLICY" ]
run_acs box --allow-domain 'bad entry' -c true
check "a bad --allow-domain entry is a configuration error naming it" all [ "$RC" = 2 ] -- has "$ERR" "bad entry"
run_acs box --resolve nonsense -c true
check "a bad --resolve entry is a configuration error" all [ "$RC" = 2 ] -- has "$ERR" "resolve entry 'nonsense' is not HOST:PORT:ADDRESS"
OUT=$(cat "$HITS")
check "the trap server saw no connection from any box" [ -z "$OUT" ]
kill "$NSRV" 2>/dev/null

# ------------------------------------------------------------------- curl
# The box's curl against the same server as the host's curl 7.88: the box
# reaches it as ok.test (pinned), the host as 127.0.0.1; what each prints,
# with the host:port and dates masked, must be the same.
if command -v curl >/dev/null; then
  : >"$HITS"
  exec 8< <(node tests/security/net_server.js "$HITS" & echo "$!"; wait)
  read -r NSRV <&8; read -r PA PB <&8
  OK="--allow-domain ok.test:$PA --allow-domain 127.0.0.1:$PA --resolve ok.test:$PA:127.0.0.1"
  mask() { sed -e "s/ok\.test:$PA/HOST/g; s/127\.0\.0\.1:$PA/HOST/g; s/^Date: .*/Date: D/" | tr -d '\r'; }
  while IFS= read -r args; do
    [ -n "$args" ] || continue
    want=$(cd "$TMP" && bash -c "curl ${args//U/http://127.0.0.1:$PA} 2>&1; echo \"rc=\$?\"" | mask)
    # shellcheck disable=SC2086
    run_acs box $OK -w /tmp -c "curl ${args//U/http://ok.test:$PA} 2>&1; echo \"rc=\$?\""
    got=$(printf '%s\n' "$OUT" | mask)
    check "curl $args: as the host's curl" [ "$got" = "$want" ]
    [ "$got" = "$want" ] || diff <(printf '%s\n' "$got") <(printf '%s\n' "$want") | head -10 | sed 's/^/     /'
  done <<'CASES'
-s U/ok
-si U/ok
-sI U/nope
-sf U/nope
-sSf U/nope
--fail-with-body -sS U/nope
-sL 'U/chain?n=3' -w ' %{http_code} %{num_redirects} %{url_effective}'
-sSL --max-redirs 1 'U/chain?n=3'
-s 'U/redirect?to=/ok' -w '%{http_code} %{redirect_url}'
-s -o out U/ok; cat out
-sO U/ok; cat ok
-s -d a=1 -d b=2 U/nope -w ' %{http_code}'
-s -X DELETE U/ok -w ' %{method}'
-s -H 'X-A: 1' -A agent -e ref -u user:pw U/ok
-s -G -d q=1 'U/redirect?to=x' -w '%{redirect_url}'
--frob
-s
CASES
  # The same cases against the same server run by node inside the box, which
  # the box's curl reaches as localhost (no libcurl there: lib_http_local.c).
  cp tests/security/net_server.js "$TMP/net_server.js"
  while IFS= read -r args; do
    [ -n "$args" ] || continue
    want=$(cd "$TMP" && bash -c "curl ${args//U/http://127.0.0.1:$PA} 2>&1; echo \"rc=\$?\"" | mask)
    run_acs box --copy "$TMP/net_server.js:/srv/net_server.js" --env "ARGS=$args" -w /tmp -c '
      node /srv/net_server.js /tmp/hits > /tmp/ports & i=0
      while [ ! -s /tmp/ports ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
      read -r PA PB < /tmp/ports
      eval "curl ${ARGS//U/http://localhost:$PA}" 2>&1 | sed "s/localhost:$PA/HOST/g"; echo "rc=${PIPESTATUS[0]}"; kill %1'
    got=$(printf '%s\n' "$OUT" | mask)
    check "curl $args to a server in the box: as the host's curl" [ "$got" = "$want" ]
    [ "$got" = "$want" ] || diff <(printf '%s\n' "$got") <(printf '%s\n' "$want") | head -10 | sed 's/^/     /'
  done <<'CASES'
-s U/ok
-si U/ok
-sI U/nope
-sSf U/nope
-sL 'U/chain?n=3' -w ' %{http_code} %{num_redirects} %{url_effective}'
-s 'U/redirect?to=/ok' -w '%{http_code} %{redirect_url}'
-s -d a=1 -d b=2 U/nope -w ' %{http_code}'
-s -H 'Transfer-Encoding: chunked' -d abc U/nope -w ' %{http_code}'
-s -X DELETE U/ok -w ' %{method}'
-s -o out U/ok; cat out
CASES
  # servers that break HTTP: the box's curl words and exits as the host's
  cat > "$TMP/bad_server.js" <<'EOF2'
const body = Buffer.from(process.argv[2].replace(/\\r/g, "\r").replace(/\\n/g, "\n"));
const s = require("net").createServer((c) => c.end(body)).listen(0, "127.0.0.1", () => console.log(s.address().port));
EOF2
  while IFS= read -r reply; do
    [ -n "$reply" ] || continue
    exec 7< <(node "$TMP/bad_server.js" "$reply" & echo "pid $!"; wait)
    read -r _ bpid <&7; read -r bport <&7
    want=$(curl -sS -m 5 "http://127.0.0.1:$bport/" 2>&1; echo "rc=$?")
    kill "$bpid" 2>/dev/null; exec 7<&-
    run_acs box --copy "$TMP/bad_server.js:/srv/bad.js" --env "REPLY=$reply" -w /tmp -c '
      node /srv/bad.js "$REPLY" > /tmp/port & i=0
      while [ ! -s /tmp/port ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
      curl -sS -m 5 "http://localhost:$(cat /tmp/port)/" 2>&1; echo "rc=$?"; kill %1'
    check "curl from a server that replies '$reply': as the host's curl" [ "$OUT" = "$want" ]
    [ "$OUT" = "$want" ] || diff <(printf '%s\n' "$OUT") <(printf '%s\n' "$want") | head -6 | sed 's/^/     /'
  done <<'REPLIES'
BOX
HTTPX 200\r\n\r\n
HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n
REPLIES
  run_acs box -c 'curl -sS http://localhost:4999/; echo "rc=$?"; curl -sS https://localhost:4999/; echo "rc=$?"'
  check "curl to a box port nobody listens on: exit 7 as curl words it" has "$OUT$ERR" "curl: (7) Failed to connect to localhost port 4999 after"
  check "curl https to a box port: a clear refusal" has "$OUT$ERR" "the box's own servers speak plain HTTP"
  run_acs box -c 'curl -sS ftp://x/'
  check "curl: only http and https in the box (exit 1, curl's words)" all [ "$RC" = 1 ] -- has "$ERR" 'curl: (1) Protocol "ftp" not supported or disabled in libcurl'
  run_acs box -c 'curl -sS http://example.com/'
  check "curl in a box without a network: exit 7 and the reason" all [ "$RC" = 7 ] -- has "$ERR" "the box's network refused it: the box has no network"
  OUT=$(cat "$HITS")
  check "curl: the trap server saw nothing" [ -z "$OUT" ]
  kill "$NSRV" 2>/dev/null
else
  echo "skip curl differential: no curl on the host"
fi

# ------------------------------------------------------------------ proxy
# With ACS_GUEST_PROXY=1 the operator's HTTP_PROXY carries the box's
# outbound connections (a CONNECT tunnel made by the kernel); the box's
# policy still decides which names may be asked for, NO_PROXY names are
# dialled directly, and without the switch the proxy is never used.
: >"$HITS"
PLOG=$TMP/proxy.log
: >"$PLOG"
exec 8< <(node tests/security/net_server.js "$HITS" & echo "$!"; wait)
read -r NSRV <&8; read -r PA PB <&8
exec 9< <(node tests/e2e/box_net_tools/connect_proxy.js "$PLOG" & echo "$!"; wait)
read -r PSRV <&9; read -r PP <&9
PX="http://127.0.0.1:$PP"
ACS_GUEST_PROXY=1 HTTP_PROXY=$PX run_acs box --allow-domain ok.test --allow-domain forbidden.test -c "
  curl -sS http://ok.test:$PA/ok; echo \" curl=\$?\"
  node -e 'fetch(process.argv[1]).then(r => r.text()).then(t => console.log(\"fetch\", t), e => console.log(\"fetch failed\", e.cause && e.cause.code))' http://ok.test:$PA/ok
  curl -sS http://other.test:$PA/ok; echo \" other=\$?\"
  curl -sS http://forbidden.test:$PA/ok; echo \" forbidden=\$?\""
check "proxy: curl goes through the operator's proxy" has "$OUT" "ALLOWED-OK curl=0"
check "proxy: node's fetch too" has "$OUT" "fetch ALLOWED-OK"
check "proxy: the proxy saw CONNECT for the allowed name" has "$(cat "$PLOG")" "CONNECT ok.test:$PA HTTP/1.1"
check "proxy: a name the box does not allow never reaches the proxy" all has "$OUT" "other=7" -- not_has "$(cat "$PLOG")" "other.test"
check "proxy: the proxy's refusal is the program's error, with the proxy's words" all has "$OUT" "forbidden=7" -- has "$ERR" "refused CONNECT forbidden.test:$PA: HTTP/1.1 403 Forbidden"
: >"$PLOG"
ACS_GUEST_PROXY=1 HTTP_PROXY=$PX NO_PROXY=ok.test run_acs box --allow-domain ok.test:$PA --allow-domain 127.0.0.1:$PA --resolve ok.test:$PA:127.0.0.1 -c "curl -sS http://ok.test:$PA/ok"
check "proxy: a NO_PROXY name is dialled directly" all [ "$OUT" = ALLOWED-OK ] -- [ ! -s "$PLOG" ]
HTTP_PROXY=$PX run_acs box --allow-domain ok.test -c "curl -sS http://ok.test:$PA/ok; echo \" rc=\$?\""
check "proxy: without ACS_GUEST_PROXY the proxy is not used" all has "$OUT" "rc=6" -- [ ! -s "$PLOG" ]
check "proxy: the trap server saw nothing" [ ! -s "$HITS" ]
# ------------------------------------------------------------- dns.lookup
# The box's /etc/hosts answers its names as glibc's getaddrinfo does for
# Node 22 (measured with the same hosts file bind-mounted over the host's:
# ::1 before 127.0.0.1 for localhost, 127.0.1.1 for the box's name, an
# inet_aton spelling in dotted form); when this machine can bind-mount,
# Node 22 runs the same script against the box's hosts file here too.
cat >"$TMP/dns.js" <<'EOF'
const dns = require("dns");
const q = [["localhost"], ["localhost", { all: true }], ["ip6-localhost", { all: true }], ["box", { all: true }],
  ["BOX"], ["localhost", { family: 6 }], ["localhost", 4], ["box", { family: 6 }], ["127.1"], ["::1", { all: true }],
  ["localhost", { all: true, order: "ipv4first" }], ["localhost", { verbatim: false }], ["nosuchname.invalid.box"]];
(async () => {
  for (const [h, o] of q) {
    await new Promise((done) => dns.lookup(h, o, (e, a, f) => {
      console.log(h, JSON.stringify(o), e ? `${e.code} ${e.errno} ${e.syscall} ${e.hostname} ${e.message}` : `${JSON.stringify(a)} ${f}`);
      done();
    }));
  }
  console.log("promise", JSON.stringify(await dns.promises.lookup("localhost", { all: true })));
  console.log("dns/promises", JSON.stringify(await require("dns/promises").lookup("box")));
  for (const bad of [() => dns.lookup("localhost", { family: 5 }, () => {}), () => dns.lookup(42, () => {}), () => dns.lookup("localhost")])
    try { bad(); } catch (e) { console.log(e.code, e.message); }
  console.log(dns.NOTFOUND, dns.getDefaultResultOrder());
})();
EOF
cat >"$TMP/dns.want" <<'EOF'
localhost undefined "::1" 6
localhost {"all":true} [{"address":"::1","family":6},{"address":"127.0.0.1","family":4}] undefined
ip6-localhost {"all":true} [{"address":"::1","family":6}] undefined
box {"all":true} [{"address":"127.0.1.1","family":4}] undefined
BOX undefined "127.0.1.1" 4
localhost {"family":6} "::1" 6
localhost 4 "127.0.0.1" 4
box {"family":6} ENOTFOUND -3008 getaddrinfo box getaddrinfo ENOTFOUND box
127.1 undefined "127.0.0.1" 4
::1 {"all":true} [{"address":"::1","family":6}] undefined
localhost {"all":true,"order":"ipv4first"} [{"address":"127.0.0.1","family":4},{"address":"::1","family":6}] undefined
localhost {"verbatim":false} "127.0.0.1" 4
nosuchname.invalid.box undefined ENETUNREACH -101 getaddrinfo nosuchname.invalid.box getaddrinfo ENETUNREACH nosuchname.invalid.box - the box has no network: only the names in its /etc/hosts resolve
promise [{"address":"::1","family":6},{"address":"127.0.0.1","family":4}]
dns/promises {"address":"127.0.1.1","family":4}
ERR_INVALID_ARG_VALUE The property 'options.family' must be one of: 0, 4, 6. Received 5
ERR_INVALID_ARG_TYPE The "hostname" argument must be of type string. Received type number (42)
ERR_INVALID_ARG_TYPE The "callback" argument must be of type function. Received undefined
ENOTFOUND verbatim
EOF
run_acs box --copy "$TMP/dns.js:/tmp/dns.js" --exec node /tmp/dns.js
check "dns.lookup: the box's /etc/hosts as Node 22 reads it, and no network for other names" [ "$OUT" = "$(cat "$TMP/dns.want")" ]
[ "$OUT" = "$(cat "$TMP/dns.want")" ] || diff <(printf '%s\n' "$OUT") "$TMP/dns.want" | head -20 | sed 's/^/     /'
if [ -n "$NODE22" ] && unshare -m true 2>/dev/null; then
  "$ACS" box -c 'cat /etc/hosts' >"$TMP/boxhosts"
  # Node's answer for a name it cannot resolve is not the box's refusal
  want=$(unshare -m sh -c "mount --bind '$TMP/boxhosts' /etc/hosts && cd '$TMP' && '$NODE22' dns.js" 2>&1 | grep -v '^nosuchname')
  check "dns.lookup: Node 22 with the box's hosts file prints the same" [ "$(printf '%s\n' "$OUT" | grep -v '^nosuchname')" = "$want" ]
else
  echo "skip dns.lookup against Node 22 with the box's hosts file: no Node 22 or no mount namespace here"
fi
# an edited /etc/hosts is read as it is now
run_acs box -c 'echo "10.1.2.3 db.internal db" >> /etc/hosts; node -e "require(\"dns\").lookup(\"db\", (e, a) => console.log(e, a))"'
check "dns.lookup: a name added to the box's /etc/hosts resolves" [ "$OUT" = "null 10.1.2.3" ]
# the policy: a name not allowed, an allowed name that resolves to a private address, a pinned public one
cat >"$TMP/dns2.js" <<'EOF'
const dns = require("dns");
(async () => {
  for (const h of ["other.test", "private.test", "pinned.test"])
    try { console.log(h, JSON.stringify(await dns.promises.lookup(h, { all: true }))); }
    catch (e) { console.log(h, e.code, e.message); }
})();
EOF
run_acs box --allow-domain private.test --allow-domain pinned.test --resolve private.test:80:10.0.0.5 \
  --resolve pinned.test:443:93.184.216.34 --copy "$TMP/dns2.js:/tmp/dns2.js" --exec node /tmp/dns2.js
check "dns.lookup: a name the policy does not allow is refused, naming what is" has "$OUT" "other.test EACCES getaddrinfo EACCES other.test - the host is not allowed; allowed: private.test, pinned.test"
check "dns.lookup: an allowed name that resolves to a private address is refused" has "$OUT" "private.test EACCES getaddrinfo EACCES private.test - connection to private.test refused (it resolves to 10.0.0.5, a private address"
check "dns.lookup: an allowed name gives its public address" has "$OUT" 'pinned.test [{"address":"93.184.216.34","family":4}]'
run_acs box -c 'node -e "try { require(\"dns\").resolve4(\"x\", () => {}) } catch (e) { console.log(e.code, e.message) }"'
check "dns.resolve4 says why it is not there" has "$OUT" "ERR_ACCESS_DENIED dns.resolve4 is not available in the box: it asks name servers directly; dns.lookup resolves through the box's network"
run_acs run -c 'import dns from "node:dns"; try { dns.lookup("localhost", () => {}) } catch (e) { console.log(e.code, e.message) }'
check "dns.lookup outside a box (exec) stays refused" has "$OUT" "ERR_ACCESS_DENIED dns.lookup is not available in the sandbox"

kill "$NSRV" "$PSRV" 2>/dev/null
