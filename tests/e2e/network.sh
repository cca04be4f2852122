# network.sh - fetch end to end against a local server: the issue's
# "done when" command, refusals as the guest and as --json see them, and
# the run ending while a response body is left unread.
. tests/e2e/lib.sh
command -v node >/dev/null || { echo "skip network: no node to run the local server"; return 0 2>/dev/null || exit 0; }
HITS=$TMP/hits
exec 8< <(node tests/security/net_server.js "$HITS" & echo "$!"; wait)
read -r SRV <&8; read -r PA PB <&8
trap 'kill $SRV 2>/dev/null; rm -rf "$TMP"' EXIT

run_acs run --allow-domain "127.0.0.1:$PA" -c "console.log(await (await fetch(\"http://127.0.0.1:$PA/\")).text())"
check "fetch from an allowed host prints the body (the issue's done-when)" all [ "$OUT" = ALLOWED-OK ] -- [ "$RC" = 0 ]

run_acs run -c "await fetch(\"http://127.0.0.1:$PB/\")"
check "no --allow-domain: fetch fails with exit 1" [ "$RC" = 1 ]
check "the uncaught error is TypeError: fetch failed" has "$ERR" "TypeError: fetch failed"
check "its cause names the host and says the network is off" has "$ERR" "127.0.0.1:$PB refused: network access is off"

run_acs run --allow-domain "127.0.0.1:$PA" -c "try { await fetch(\"http://127.0.0.1:$PA/redirect?to=http://127.0.0.1:$PB/\") } catch (e) { console.log(e.message, '|', e.cause.message) }"
check "a redirect to another port is refused with the allowed list" has "$OUT" "fetch failed | connection to 127.0.0.1:$PB refused: the host is not allowed; allowed: 127.0.0.1:$PA"
check "the trap was never reached" [ ! -s "$HITS" ]

run_acs run --timeout-ms 5000 --allow-domain "127.0.0.1:$PA" -c "const r = await fetch(\"http://127.0.0.1:$PA/ok\"); console.log(r.status, r.headers.get('content-length'))"
check "an unread body does not keep the run alive" all [ "$OUT" = "200 10" ] -- [ "$RC" = 0 ]

run_acs run --json --allow-domain "127.0.0.1:$PA" -c "console.log((await fetch(\"http://127.0.0.1:$PA/ok\")).status)"
check "--json run with network" [ "$(json .stdout)" = "200" ]

# AsyncLocalStorage: node:http's events come from the host, and run in the
# context that made the request (as in Node); fetch's promises likewise.
code="import { AsyncLocalStorage } from 'node:async_hooks'; import http from 'node:http';
const als = new AsyncLocalStorage(); const seen = [];
await als.run('req', () => new Promise((done) => http.get('http://127.0.0.1:$PA/ok', (res) => {
  seen.push('response ' + als.getStore()); res.on('data', () => {}); res.on('end', () => { seen.push('end ' + als.getStore()); done(); });
})));
await als.run('fetch', async () => { const r = await fetch('http://127.0.0.1:$PA/ok'); await r.text(); seen.push('fetch ' + als.getStore()); });
console.log(seen.join(', '), als.getStore());"
run_acs run --allow-domain "127.0.0.1:$PA" -c "$code"
check "AsyncLocalStorage: http callbacks and fetch keep the request's store" [ "$OUT" = "response req, end req, fetch fetch undefined" ]

# The operator's proxy: used only with ACS_GUEST_PROXY=1, and the guest
# never sees the variable.
cat > "$TMP/proxy.js" <<'JS'
const http = require("http");
const s = http.createServer((req, res) => res.end(`PROXIED ${req.method} ${req.url}`));
s.listen(0, "127.0.0.1", () => console.log(s.address().port));
JS
exec 5< <(node "$TMP/proxy.js" & echo "$!"; wait)
read -r PXP <&5; read -r PX <&5
code='try { const r = await fetch("http://allowed.test/x"); console.log(await r.text()) } catch (e) { console.log("failed:", e.cause.code) } console.log(typeof process.env.HTTP_PROXY)'
HTTP_PROXY="http://127.0.0.1:$PX" ACS_GUEST_PROXY=1 run_acs run --allow-domain allowed.test -c "$code"
check "ACS_GUEST_PROXY=1: an allowed request goes through the host's proxy" has "$OUT" "PROXIED GET http://allowed.test/x"
check "the guest does not see the proxy variable" has "$OUT" "undefined"
HTTP_PROXY="http://127.0.0.1:$PX" run_acs run --allow-domain allowed.test -c "$code"
check "without ACS_GUEST_PROXY the host's HTTP_PROXY is ignored" bash -c "! grep -q PROXIED <<< \"\$1\"" _ "$OUT"
HTTP_PROXY="http://127.0.0.1:$PX" ACS_GUEST_PROXY=1 run_acs run --allow-domain allowed.test -c 'try { await fetch("http://other.test/") } catch (e) { console.log(e.cause.message) }'
check "a proxied request is still checked by name" has "$OUT" "other.test:80 refused: the host is not allowed"
kill "$PXP" 2>/dev/null

# TLS is verified: a self-signed server is refused with a certificate error.
if command -v openssl >/dev/null; then
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/k.pem" -out "$TMP/c.pem" -days 1 -subj /CN=127.0.0.1 >/dev/null 2>&1
  cat > "$TMP/tls.js" <<'JS'
const https = require("https"), fs = require("fs");
const s = https.createServer({ key: fs.readFileSync(process.argv[2]), cert: fs.readFileSync(process.argv[3]) }, (q, r) => r.end("TLS-OK"));
s.listen(0, "127.0.0.1", () => console.log(s.address().port));
JS
  exec 4< <(node "$TMP/tls.js" "$TMP/k.pem" "$TMP/c.pem" & echo "$!"; wait)
  read -r TLSP <&4; read -r TP <&4
  run_acs run --allow-domain "127.0.0.1:$TP" -c "try { await fetch('https://127.0.0.1:$TP/'); console.log('REACHED') } catch (e) { console.log(e.message, '|', e.cause.code) }"
  check "https to a self-signed server fails certificate verification" has "$OUT" "fetch failed | ECERT"
  kill "$TLSP" 2>/dev/null
else
  echo "skip network-tls: no openssl to make a certificate"
fi
