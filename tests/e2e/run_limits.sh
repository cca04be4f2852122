# acs run: time, memory and output limits, signals and crashes.
# "Stopped" checks allow seconds past a 300 ms limit: they prove that the
# limit ends work that would otherwise never end, whatever the machine's
# speed or load, not how fast the supervisor is (bench/ measures that).
. "$(dirname "$0")/lib.sh"

run_acs run --json --timeout-ms 300 -c 'for(;;){}'
check "busy loop: stopped by the limit" [ "$MS" -lt 10000 ]
check "busy loop: timedOut, exitCode null, status 124" [ "$(json .timedOut)" = true -a "$(json .exitCode)" = null -a "$RC" = 124 ]
check "busy loop: stoppedBy timeout and a message naming the limit" all [ "$(json .stoppedBy)" = timeout ] -- has "$(json .stderr)" "300 ms"

run_acs run --json --timeout-ms 300 -c 'const f = () => Promise.resolve().then(f); f()'
check "microtask loop: stopped by the limit" [ "$MS" -lt 10000 ]
check "microtask loop: timedOut, exitCode null" [ "$(json .timedOut)" = true -a "$(json .exitCode)" = null ]

# JavaScriptCore gives up on one catastrophic match after ~0.6 s, so the
# guest repeats it: days of work inside the regex engine in all.
run_acs run --json --timeout-ms 300 -c 'const r = /(a+)+$/, s = "a".repeat(40) + "b"; for (let i = 0; i < 1e6; i++) r.test(s)'
check "catastrophic regex: stopped by the limit" [ "$MS" -lt 10000 -a "$(json .timedOut)" = true ]

run_acs run --json --timeout-ms 300 -c 'setTimeout(() => {}, 10000)'
check "pending timer: stopped at the limit" [ "$MS" -lt 9000 -a "$(json .timedOut)" = true ]

run_acs run --json --timeout-ms 20000 -c 'setTimeout(() => console.log("done"), 50)'
check "a run inside the limit is not stopped" [ "$(json .stdout)" = done -a "$(json .timedOut)" = false -a "$(json .stoppedBy)" = null ]

run_acs run --memory-mb 64 -c 'let a=[];for(;;)a.push(new Array(1e5).fill(1))'
check "array growth: status 125 (not the time)" [ "$RC" = 125 ]
check "array growth: message names the 64 MB limit" has "$ERR" "64 MB"

run_acs run --json --memory-mb 64 -c 'const a=[];for(;;)a.push(new Uint8Array(1e7).fill(1))'
check "typed arrays: stoppedBy memory" [ "$(json .stoppedBy)" = memory -a "$(json .exitCode)" = null -a "$RC" = 125 ]

run_acs run --memory-mb 100 -c 'const m=new WebAssembly.Memory({initial:1,maximum:65536});for(;;){m.grow(100);new Uint8Array(m.buffer).fill(1)}'
check "wasm memory growth: status 125" [ "$RC" = 125 ]

run_acs run --memory-mb 64 -c 'let s="x";const keep=[];for(let i=0;;i++){s+=s;if(s.length>1e6){keep.push(s+i);s="x"}}'
check "string building: stopped (status 125)" [ "$RC" = 125 ]

run_acs run --json --max-output-bytes 1000 -c 'for (let i = 0; i < 200000; i++) console.log(i)'
check "output flood: truncated" [ "$(json .truncated)" = true ]
check "output flood: head kept" [ "$(json '.stdout.slice(0,8)')" = "$(printf '0\n1\n2\n3\n')" ]
check "output flood: tail kept" [ "$(json '.stdout.slice(-14)')" = "$(printf '199998\n199999\n')" ]
check "output flood: one marker line with the count" has "$(json .stdout)" "bytes of stdout dropped here"
check "output flood: within the cap plus the marker" [ "$(json .stdout.length)" -lt 1200 ]

run_acs run --max-output-bytes 100 -c 'process.stdout.write("é".repeat(500))'
check "truncation never splits a character" node -e 'const s=require("fs").readFileSync(process.argv[1]);if(s.toString("utf8").includes("\ufffd"))process.exit(1)' "$TMP/out"

run_acs run --json --max-output-bytes 50 -c 'console.error("x".repeat(1000)); console.log("fine")'
check "stderr has its own cap" [ "$(json .stdout)" = fine -a "$(json .truncated)" = true ]

# A signal to acs run stops the guest and is reported.
"$ACS" run --json -c 'setInterval(() => {}, 1000)' >"$TMP/sig" 2>&1 &
pid=$!
wait_child $pid >/dev/null
kill -TERM $pid
wait $pid; RC=$?; OUT=$(cat "$TMP/sig")
check "SIGTERM: status 124, stoppedBy signal" [ "$RC" = 124 -a "$(json .stoppedBy)" = signal -a "$(json .timedOut)" = true ]

# A worker killed from outside becomes a result, not a hang.
"$ACS" run --json -c 'setInterval(() => {}, 1000)' >"$TMP/crash" 2>&1 &
pid=$!
kill -KILL "$(wait_child $pid)"
wait $pid; RC=$?; OUT=$(cat "$TMP/crash")
check "killed worker: a result with a clear message" all [ "$(json .exitCode)" = null ] -- has "$(json .stderr)" "worker crashed"

# node:vm's timeout. JSC can stop a script only by unwinding everything up
# to the outermost call into JS, so the error cannot reach the caller's
# catch: the run ends with Node's error (status 1) instead of spinning on.
run_acs run -c 'import vm from "node:vm"; try { vm.runInNewContext("for (;;) {}", {}, { timeout: 50 }); } catch (e) { console.log("caught"); } console.log("after")'
check "vm timeout: the run ends, status 1" [ "$RC" = 1 -a "$MS" -lt 10000 ]
check "vm timeout: Node's error on stderr" all has "$ERR" "Error: Script execution timed out after 50ms" -- has "$ERR" "ERR_SCRIPT_EXECUTION_TIMEOUT"
check "vm timeout: nothing after it runs" [ -z "$OUT" ]
run_acs run -c 'import vm from "node:vm"; await null; await Promise.resolve().then(() => vm.runInThisContext("while (true) {}", { timeout: 30 }))'
check "vm timeout inside a microtask: the same error, no crash" all [ "$RC" = 1 ] -- has "$ERR" "timed out after 30ms"
run_acs run --json --timeout-ms 300 -c 'import vm from "node:vm"; console.log(vm.runInNewContext("6 * 7", {}, { timeout: 100 })); for (;;) {}'
check "vm timeout met: the run's own time limit still stops it" [ "$(json .stdout)" = 42 -a "$(json .timedOut)" = true -a "$RC" = 124 -a "$MS" -lt 10000 ]
run_acs run --json --timeout-ms 300 -c 'import vm from "node:vm"; vm.runInNewContext("for (;;) {}", {}, { timeout: 5000 })'
check "vm timeout longer than the run's: the run's limit wins" [ "$(json .timedOut)" = true -a "$RC" = 124 -a "$MS" -lt 10000 ]
