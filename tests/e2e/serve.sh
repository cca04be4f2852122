# serve.sh - acs serve: the protocol of docs/protocol.md, concurrency,
# cancel, and the bad-input list (malformed JSON, long lines, unknown
# fields, wrong types, floods, a client that goes away mid-run).
. tests/e2e/lib.sh
shopt -s lastpipe # serve_lines at the end of a pipe sets OUT here

# serve_lines ARGS... < requests: OUT holds the answers, one per line
serve_lines() { "$ACS" serve --stdio "$@" >"$TMP/sout" 2>"$TMP/serr"; RC=$?; OUT=$(cat "$TMP/sout"); ERR=$(cat "$TMP/serr"); }
line_of() { printf '%s\n' "$OUT" | grep -F "\"id\":$1," | head -1; }

printf '%s\n' '{"id":1,"code":"console.log(2**10)"}' '{"id":"two","code":"throw new Error(\"boom\")"}' | serve_lines
check "serve: a run answers with its result" has "$(line_of 1)" '"stdout":"1024\n"'
check "serve: string ids and exit codes" has "$(line_of '"two"')" '"exitCode":1'
check "serve: exits 0 when stdin ends" [ "$RC" = 0 ]

printf '%s\n' 'not json' '[1,2]' '{"code":"1"}' '{"id":{},"code":"1"}' '{"id":3,"frob":1,"code":"1"}' \
  '{"id":4,"code":5}' '{"id":5,"code":"1","env":{"A":1}}' '{"id":6,"code":"1","timeoutMs":-1}' \
  '{"id":7,"code":"1","readOnlyDirs":"x"}' '{"id":8,"code":"1","env":{"LD_PRELOAD":"x"}}' \
  '{"id":9}' '{"id":10,"code":"1","entrypoint":"a.js"}' '{"id":11,"code":"1","allowedDomains":["https://x"]}' \
  '{"id":12,"code":"console.log(\"still up\")"}' | serve_lines
check "serve: malformed JSON is an error with id null" has "$OUT" '{"id":null,"error":{"type":"SandboxConfigError","message":"a request must be one JSON object per line: '
check "serve: a request without id is refused" has "$OUT" 'needs an \"id\"'
check "serve: unknown fields are named" has "$(line_of 3)" "unknown field 'frob'"
check "serve: wrong types are named" has "$(line_of 4)" "code must be a string"
check "serve: env values must be strings" has "$(line_of 5)" "env.A must be a string"
check "serve: negative numbers are refused" has "$(line_of 6)" "timeoutMs must be a whole number"
check "serve: readOnlyDirs must be an array" has "$(line_of 7)" "readOnlyDirs must be an array"
check "serve: reserved env names are refused" has "$(line_of 8)" "LD_PRELOAD"
check "serve: neither code nor entrypoint" has "$(line_of 9)" "exactly one of code and entrypoint"
check "serve: both code and entrypoint" has "$(line_of 10)" "exactly one of code and entrypoint"
check "serve: bad allowedDomains entries" has "$(line_of 11)" "allowedDomains entry 'https://x' is invalid"
check "serve: the server is still up after all that" has "$(line_of 12)" '"stdout":"still up\n"'
check "serve: 14 lines in, 14 answers out" [ "$(printf '%s\n' "$OUT" | wc -l)" = 14 ]

# Found by the serve fuzzer: a parse error quotes the line, and a line that
# is not UTF-8 (a backslash before a two-byte character, then a stray byte)
# had no answer at all, as jansson packs only UTF-8.
printf '{"id":8,"code":"0","argv\\\xc5\x84\xdd,"}\n{"id":2,"code":"console.log(2)"}\n' | serve_lines
check "serve: a line that is not UTF-8 still gets an answer" has "$(printf '%s\n' "$OUT" | head -1)" '{"id":null,"error":{"type":"SandboxConfigError","message":"a request must be one JSON object per line: '
check "serve: the line after it runs" has "$(line_of 2)" '"stdout":"2\n"'

node -e 'process.stdout.write("{\"id\":1,\"code\":\"" + "x".repeat(65 << 20) + "\"}\n{\"id\":2,\"code\":\"console.log(2)\"}\n")' | serve_lines
check "serve: a line over 64 MiB is refused" has "$OUT" "longer than 67108864 bytes"
check "serve: the line after the long one runs" has "$(line_of 2)" '"stdout":"2\n"'

# Answers come as runs finish: the slow first request answers last (3 s
# of waiting, far more than a loaded machine needs to start the fast one).
printf '%s\n' '{"id":1,"code":"await new Promise(r => setTimeout(r, 3000)); console.log(\"slow\")"}' '{"id":2,"code":"console.log(\"fast\")"}' | serve_lines --jobs 2
check "serve: runs are concurrent, answered as they finish" [ "$(printf '%s\n' "$OUT" | head -1 | grep -c '"id":2,')" = 1 ]

# cancel, and a duplicate id in flight
{ echo '{"id":1,"code":"setInterval(() => {}, 1000)"}'; sleep 0.3; echo '{"id":1,"code":"1"}'; echo '{"id":1,"cancel":true}'; echo '{"id":99,"cancel":true}'; } | serve_lines
check "serve: a duplicate id in flight is refused" has "$OUT" 'id 1 is already in flight'
check "serve: cancel stops the run (stoppedBy signal, exitCode null)" all has "$OUT" '"exitCode":null,"timedOut":true' -- has "$OUT" '"stoppedBy":"signal"'
check "serve: 2 answers (cancel of an unknown id says nothing)" [ "$(printf '%s\n' "$OUT" | wc -l)" = 2 ]

# flood: one job at a time, two may wait (each run lasts a second, so the
# six lines are all read while the first still runs)
{ for i in 1 2 3 4 5 6; do echo "{\"id\":$i,\"code\":\"await new Promise(r => setTimeout(r, 1000))\"}"; done; } | serve_lines --jobs 1 --max-queue 2
check "serve: a flood beyond the queue is refused as busy" all has "$OUT" 'the server is busy' -- has "$OUT" '"type":"SandboxError"'
check "serve: the running and the queued ones still run" [ "$(printf '%s\n' "$OUT" | grep -c '"result"')" -ge 2 ]

# a client that goes away mid-run: its runs are stopped, the server exits
mkfifo "$TMP/in" "$TMP/outf"
"$ACS" serve --stdio <"$TMP/in" >"$TMP/outf" 2>/dev/null &
SP=$!
exec 7>"$TMP/in" 6<"$TMP/outf"
echo '{"id":1,"code":"setInterval(() => {}, 1000)"}' >&7
echo '{"id":2,"code":"await new Promise(r => setTimeout(r, 60000))"}' >&7
WORKERS=0
for _ in $(seq 400); do WORKERS=$(pgrep -P "$SP" | wc -l); [ "$WORKERS" -ge 2 ] && break; sleep 0.05; done
exec 6<&- 7>&-
for _ in $(seq 300); do kill -0 "$SP" 2>/dev/null || break; sleep 0.1; done
check "serve: the two runs had workers (warm ones wait beside them)" [ "$WORKERS" -ge 2 ]
check "serve: a vanished client's runs are stopped and the server exits" bash -c "! kill -0 $SP 2>/dev/null"
LEFT=$(pgrep -f "^$ACS serve --stdio" | wc -l)
check "serve: no worker outlives it" [ "$LEFT" = 0 ]
wait "$SP" 2>/dev/null

# a Unix socket, mode 0600
SOCK=$TMP/acs.sock
"$ACS" serve --socket "$SOCK" --jobs 2 2>"$TMP/sockerr" &
SRVP=$!
for _ in $(seq 400); do [ -S "$SOCK" ] && break; sleep 0.05; done
check "serve --socket: the socket is mode 0600" [ "$(stat -c %a "$SOCK")" = 600 ]
OUT=$(node -e '
const s = require("net").connect(process.argv[1], () => s.write(JSON.stringify({ id: 1, code: "console.log(6*7)" }) + "\n"));
let buf = ""; s.on("data", (d) => { buf += d; if (buf.includes("\n")) { console.log(buf.split("\n")[0]); s.end(); } });' "$SOCK")
check "serve --socket: a client gets its answer" has "$OUT" '"stdout":"42\n"'
kill $SRVP 2>/dev/null; wait $SRVP 2>/dev/null

run_acs serve
check "serve: neither --stdio nor --socket is a usage error" all [ "$RC" = 2 ] -- has "$ERR" "exactly one of"

# warm workers: each run gets a fresh realm; nothing crosses runs
printf '%s\n' '{"id":1,"code":"globalThis.leak = 42; console.log(typeof leak)"}' '{"id":2,"code":"console.log(typeof leak, process.argv.length, process.cwd() !== \"\")","argv":["x"]}' | serve_lines --jobs 1 --pool 2
check "serve: a warm worker runs the code" has "$(line_of 1)" '"stdout":"number\n"'
check "serve: the next run sees nothing of the last one, and its own argv" has "$(line_of 2)" '"stdout":"undefined 3 true\n"'
printf '%s\n' '{"id":1,"code":"console.log(2)"}' | serve_lines --pool 0
check "serve --pool 0: cold starts work too" has "$(line_of 1)" '"stdout":"2\n"'
