# serve_zygote.sh - warm workers forked from the zygote (src/box/zygote.c):
# what each run must still have of its own (randomness, its Landlock
# rules, its limits, a clean realm), and the fallback without a zygote.
. tests/e2e/lib.sh
shopt -s lastpipe
HOLE=${ACS%/acs}/acs-hole

serve_lines() { "$ACS" serve --stdio "$@" >"$TMP/sout" 2>"$TMP/serr"; RC=$?; OUT=$(cat "$TMP/sout"); ERR=$(cat "$TMP/serr"); }
line_of() { printf '%s\n' "$OUT" | grep -F "\"id\":$1," | head -1; }
stdout_of() { line_of "$1" | sed -n 's/.*"stdout":"\([^"]*\)\\n".*/\1/p'; }
# paced: the pool is ready before the first request, and refilled between
# requests, so that every run goes to a worker forked from the zygote
# rather than to a cold one
paced() { sleep 1.5; while IFS= read -r l; do printf '%s\n' "$l"; sleep 0.15; done; }
distinct() { printf '%s\n' "$@" | grep -v '^$' | sort -u | wc -l; }

# Each worker is a copy of one prepared realm: the engine's random state
# would be the same in all of them.
code='import vm from \"node:vm\"; console.log([Math.random(), vm.runInNewContext(\"Math.random()\"), crypto.getRandomValues(new Uint32Array(2)).join(\"-\"), crypto.randomUUID()].join(\" \"))'
for i in $(seq 1 30); do printf '{"id":%d,"code":"%s"}\n' "$i" "$code"; done | paced | serve_lines --pool 2
rnd=() vmr=() cr=() uu=()
for i in $(seq 1 30); do
  read -r a b c d <<< "$(stdout_of "$i")"
  rnd+=("$a") vmr+=("$b") cr+=("$c") uu+=("$d")
done
check "zygote: 30 runs all answered" [ "$(printf '%s\n' "$OUT" | grep -c '"exitCode":0')" = 30 ]
check "zygote: Math.random differs in every run" [ "$(distinct "${rnd[@]}")" = 30 ]
check "zygote: Math.random of a node:vm context differs in every run" [ "$(distinct "${vmr[@]}")" = 30 ]
check "zygote: crypto.getRandomValues differs in every run" [ "$(distinct "${cr[@]}")" = 30 ]
check "zygote: crypto.randomUUID differs in every run" [ "$(distinct "${uu[@]}")" = 30 ]

printf '%s\n' '{"id":1,"code":"let s = 0; for (let i = 0; i < 1e5; i++) s += Math.random(); console.log(s > 49000 && s < 51000, Math.random.name, Math.random.length)"}' | serve_lines
check "zygote: Math.random is uniform on [0, 1), named random, length 0" has "$(line_of 1)" '"stdout":"true random 0\n"'

# A run leaves nothing in the next one: globals, builtins it replaced,
# modules it loaded and changed.
{
  printf '%s\n' '{"id":1,"code":"globalThis.leak = 1; Math.random = () => 4; Array.prototype.push = null; const u = await import(\"node:util\"); u.leak = 2; console.log(\"set\")"}'
  for i in 2 3 4 5; do
    printf '{"id":%d,"code":"const u = await import(\\"node:util\\"); console.log(typeof globalThis.leak, Math.random() !== 4, typeof [].push, typeof u.leak)"}\n' "$i"
  done
} | paced | serve_lines --pool 2
for i in 2 3 4 5; do
  check "zygote: run $i sees nothing of run 1" has "$(line_of $i)" '"stdout":"undefined true function undefined\n"'
done

# Limits hold in a forked worker: the watchdog, the memory limit, exit codes.
printf '%s\n' '{"id":1,"code":"for(;;){}","timeoutMs":400}' \
  '{"id":2,"code":"const a = []; for (;;) a.push(new Array(1e5).fill(1))","memoryMb":64}' \
  '{"id":3,"code":"await Promise.resolve(); process.exit(7)"}' \
  '{"id":4,"code":"setTimeout(() => console.log(\"late\"), 50)"}' | paced | serve_lines --pool 2
check "zygote: a tight loop stops at the time limit" has "$(line_of 1)" '"stoppedBy":"timeout"'
check "zygote: a memory bomb stops at the memory limit" has "$(line_of 2)" '"stoppedBy":"memory"'
check "zygote: process.exit code comes back" has "$(line_of 3)" '"exitCode":7'
check "zygote: timers run" has "$(line_of 4)" '"stdout":"late\n"'

# The second wall is built per run, never in the zygote: a Landlock ruleset
# shared by the workers would let one run's directories into the others.
"$ACS" doctor >"$TMP/doc" 2>&1
if ! grep -q "Landlock      up" "$TMP/doc"; then
  echo "skip zygote-landlock: this kernel has no Landlock"
else
  reqs=()
  for i in 1 2 3 4 5 6; do
    mkdir -p "$TMP/w$i" && echo "secret-$i" > "$TMP/w$i/s.txt"
  done
  for i in 1 2 3 4 5 6; do
    code="const out = []; for (let j = 1; j <= 6; j++) out.push(__acsTestHole(\\\"read\\\", \\\"$TMP/w\\\" + j + \\\"/s.txt\\\").trim()); console.log(out.join(\\\",\\\"))"
    reqs+=("{\"id\":$i,\"workDir\":\"$TMP/w$i\",\"code\":\"$code\"}")
  done
  printf '%s\n' "${reqs[@]}" | paced | ACS=$HOLE serve_lines --pool 2
  for i in 1 2 3 4 5 6; do
    want=""
    for j in 1 2 3 4 5 6; do
      [ "$j" = "$i" ] && v="secret-$j" || v="error Permission denied"
      want="$want${want:+,}$v"
    done
    check "zygote: run $i reads its own work dir and no other run's (Landlock per worker)" has "$(line_of $i)" "\"stdout\":\"$want\\n\""
  done
fi

# The seccomp program is built once in the zygote and installed by each
# worker: execve stays refused in every forked run.
if ! grep -q "seccomp       up" "$TMP/doc"; then
  echo "skip zygote-seccomp: this kernel has no seccomp"
else
  reqs=()
  for i in 1 2 3 4 5 6; do reqs+=("{\"id\":$i,\"code\":\"console.log(__acsTestHole(\\\"exec\\\", \\\"/bin/true\\\"))\"}"); done
  printf '%s\n' "${reqs[@]}" | paced | ACS=$HOLE serve_lines --pool 2
  for i in 1 2 3 4 5 6; do
    check "zygote: run $i cannot execve (seccomp in every forked worker)" has "$(line_of $i)" '"stdout":"error Operation not permitted\n"'
  done
fi

# Where the zygote cannot be used, warm workers prepare on their own.
printf '%s\n' '{"id":1,"code":"console.log(2**10)"}' '{"id":2,"code":"console.log(Math.random() < 1)"}' |
  ACS_ZYGOTE=0 serve_lines --pool 2
check "ACS_ZYGOTE=0: runs still work" all has "$(line_of 1)" '"stdout":"1024\n"' -- has "$(line_of 2)" '"stdout":"true\n"'

# The zygote is a process of its own with one thread; the workers it forks
# are the server's children, not the zygote's.
mkfifo "$TMP/zin"
"$ACS" serve --stdio --pool 2 <"$TMP/zin" >"$TMP/zout" 2>&1 &
SPID=$!
exec 9>"$TMP/zin"
printf '%s\n' '{"id":1,"code":"console.log(1)"}' >&9
for _ in $(seq 1 300); do grep -q '"id":1' "$TMP/zout" 2>/dev/null && break; sleep 0.1; done
# the pool refills after the run: wait for it rather than for a fixed time
for _ in $(seq 1 300); do kids=$(ps -o pid= --ppid "$SPID" | wc -l); [ "$kids" -ge 3 ] && break; sleep 0.1; done
zygote=$(ps -o pid= --ppid "$SPID" --sort=pid | head -1 | tr -d " ")
zthreads=$(ls "/proc/$zygote/task" | wc -l)
# on failure, the check prints OUT: which threads the zygote had
OUT="zygote $zygote threads: $(cat /proc/"$zygote"/task/*/comm 2>/dev/null | tr '\n' ' ') children: $(ps -o pid=,nlwp=,args= --ppid "$SPID" | tr '\n' ';')"
exec 9>&-
wait "$SPID"
check "zygote: the server has the zygote and 2 ready workers as children" [ "$kids" = 3 ]
check "zygote: the zygote has one thread" [ "$zthreads" = 1 ]
