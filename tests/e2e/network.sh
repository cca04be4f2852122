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
check "fetch from an allowed host prints the body (the issue's done-when)" [ "$OUT" = ALLOWED-OK ] && [ "$RC" = 0 ]

run_acs run -c "await fetch(\"http://127.0.0.1:$PB/\")"
check "no --allow-domain: fetch fails with exit 1" [ "$RC" = 1 ]
check "the uncaught error is TypeError: fetch failed" has "$ERR" "TypeError: fetch failed"
check "its cause names the host and says the network is off" has "$ERR" "127.0.0.1:$PB refused: network access is off"

run_acs run --allow-domain "127.0.0.1:$PA" -c "try { await fetch(\"http://127.0.0.1:$PA/redirect?to=http://127.0.0.1:$PB/\") } catch (e) { console.log(e.message, '|', e.cause.message) }"
check "a redirect to another port is refused with the allowed list" has "$OUT" "fetch failed | connection to 127.0.0.1:$PB refused: the host is not allowed; allowed: 127.0.0.1:$PA"
check "the trap was never reached" [ ! -s "$HITS" ]

run_acs run --timeout-ms 5000 --allow-domain "127.0.0.1:$PA" -c "const r = await fetch(\"http://127.0.0.1:$PA/ok\"); console.log(r.status, r.headers.get('content-length'))"
check "an unread body does not keep the run alive" [ "$OUT" = "200 10" ] && [ "$RC" = 0 ]

run_acs run --json --allow-domain "127.0.0.1:$PA" -c "console.log((await fetch(\"http://127.0.0.1:$PA/ok\")).status)"
check "--json run with network" [ "$(json .stdout)" = "200" ]
