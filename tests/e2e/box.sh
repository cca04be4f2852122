# box.sh - acs box --exec: a box boots, runs one program of /usr/bin and
# ends with all of its processes; the first commands behave as GNU's do
# on the host (same output, same messages, same status).
. "$(dirname "$0")/lib.sh"

# same_as_host NAME BOXARGS ::: HOSTCMD...: stdout, stderr and status equal
same_as_host() {
  local name=$1; shift
  local box=()
  while [ "$1" != ::: ]; do box+=("$1"); shift; done; shift
  run_acs box --exec "${box[@]}"
  local bo=$OUT be=$ERR brc=$RC
  local ho he hrc
  ho=$("$@" 2>"$TMP/herr" </dev/null); hrc=$?; he=$(cat "$TMP/herr")
  check "$name" all [ "$bo" = "$ho" ] -- [ "$be" = "$he" ] -- [ "$brc" = "$hrc" ]
  [ "$bo" = "$ho" ] && [ "$be" = "$he" ] && [ "$brc" = "$hrc" ] || {
    echo "  box: rc=$brc out=$(printf %q "$bo") err=$(printf %q "$be")"
    echo "  host: rc=$hrc out=$(printf %q "$ho") err=$(printf %q "$he")"; }
}

# /bin/echo: GNU's program, not the shell's builtin
same_as_host "echo: words, -n, -e escapes, options only at the front" \
  echo -n -e 'a\tb\x41\0101\\' -n -- -x ::: /bin/echo -n -e 'a\tb\x41\0101\\' -n -- -x
same_as_host "echo: -e with \\c stops the output" echo -e 'one\ctwo' three ::: /bin/echo -e 'one\ctwo' three
same_as_host "echo: -E and a lone dash are printed" echo -E -ne - '\n' ::: /bin/echo -E -ne - '\n'
same_as_host "echo: \\x without digits, \\0 with four digits, unknown escapes" echo -e '\xg\01234\q' ::: /bin/echo -e '\xg\01234\q'
same_as_host "true and false: statuses 0 and 1" false ::: false
run_acs box --exec true --help
check "true --help: GNU's help text" has "$OUT" "Exit with a status code indicating success."

printf 'root:x:0:0:root:/root:/bin/sh\nagent:x:1000:1000:agent:/home/agent:/bin/sh\n' >"$TMP/passwd"
run_acs box --exec cat /etc/passwd
check "boot: /etc/passwd has root and agent" [ "$OUT" = "$(cat "$TMP/passwd")" ]
run_acs box --hostname devbox --exec cat /etc/hostname
check "boot: --hostname names the box" [ "$OUT" = devbox ]
run_acs box --hostname 'bad name' --exec true
check "a bad hostname is a configuration error (exit 2) naming it" all [ "$RC" = 2 ] -- has "$ERR" "'bad name'"

printf 'one\n\n\n\ttwo\x01\xe9\n' >"$TMP/in.txt"
for flags in -n -b -s -E -T -v -A -e -t -ns -bE; do
  b=$("$ACS" box --exec cat $flags - <"$TMP/in.txt" 2>&1); h=$(cat $flags - <"$TMP/in.txt")
  check "cat $flags from stdin: as GNU cat" [ "$b" = "$h" ]
done
run_acs box --exec cat /nope /etc/hostname
check "cat: a missing file is named as GNU words it, the rest printed, status 1" \
  all [ "$RC" = 1 ] -- [ "$ERR" = "cat: /nope: No such file or directory" ] -- [ "$OUT" = box ]
run_acs box --exec cat /tmp
check "cat: a directory" all [ "$RC" = 1 ] -- [ "$ERR" = "cat: /tmp: Is a directory" ]
run_acs box --exec cat --frob
check "cat: an unknown option, as GNU's message" all [ "$RC" = 1 ] -- has "$ERR" "cat: unrecognized option '--frob'"

# users: agent may not read /root (0700), root may
run_acs box --user agent --exec cat /root
check "--user agent: /root is Permission denied" all [ "$RC" = 1 ] -- [ "$ERR" = "cat: /root: Permission denied" ]
run_acs box --user robot --exec true
check "an unknown user is a configuration error" all [ "$RC" = 2 ] -- has "$ERR" "'robot'"

# devices
run_acs box --exec cat /dev/null
check "/dev/null reads empty" all [ "$RC" = 0 ] -- [ -z "$OUT" ]

# starting programs
run_acs box --exec nosuch-program
check "a name not in PATH: 127, 'command not found'" all [ "$RC" = 127 ] -- has "$ERR" "nosuch-program: command not found"
run_acs box --exec /etc/passwd
check "a file without x bits: 126, Permission denied" all [ "$RC" = 126 ] -- has "$ERR" "/etc/passwd: Permission denied"
run_acs box --exec /usr/bin/echo ok
check "a program by its full path" [ "$OUT" = ok ]
run_acs box --exec
check "--exec without a program is a configuration error" [ "$RC" = 2 ]
# a long argument (Linux takes 128 KiB in one): the kernel once refused a
# host spawn past 4095 bytes and the caller was told the kernel was gone
long=$(head -c 100000 /dev/zero | tr '\0' x)
run_acs box --exec /usr/bin/echo "$long"
check "a 100000-byte argument reaches the program whole" all [ "$RC" = 0 ] -- [ "$OUT" = "$long" ]
run_acs box --exec /usr/bin/echo $(seq 5000)
check "more than 4096 arguments: a configuration error naming the limit" all [ "$RC" = 2 ] -- \
  has "$ERR" "at most 4096 items"
# the script forms: -c with $0 and arguments, a host script file, stdin
run_acs box -c 'echo "$0:$1:$#"; exit 4' name one
check "-c SCRIPT NAME ARGS: \$0, \$1, \$#, the script's status" all [ "$OUT" = "name:one:1" ] -- [ "$RC" = 4 ]
printf 'echo "$0 has $# args: $*"\n' >"$TMP/script.sh"
run_acs box "$TMP/script.sh" a b
check "SCRIPT-FILE ARGS: a host file run by the box's sh" [ "$OUT" = "$TMP/script.sh has 2 args: a b" ]
OUT=$(printf 'echo from stdin | cat\nexit 6\n' | "$ACS" box 2>&1); RC=$?
check "no script: stdin is the script" all [ "$OUT" = "from stdin" ] -- [ "$RC" = 6 ]
run_acs box "$TMP/nope.sh"
check "a SCRIPT-FILE that cannot be read: exit 2 naming it" all [ "$RC" = 2 ] -- has "$ERR" "nope.sh"
run_acs box -c
check "-c without a script is a configuration error" [ "$RC" = 2 ]

# limits: an endless reader stopped by the time limit, its output capped
run_acs box --json --timeout-ms 300 --max-output-bytes 1000 --exec cat /dev/zero
check "timeout: an endless cat is killed at the limit (124, timedOut, stoppedBy)" \
  all [ "$RC" = 124 ] -- [ "$(json .timedOut)" = true ] -- [ "$(json .stoppedBy)" = timeout ]
check "timeout: its output was capped" all [ "$(json .truncated)" = true ] -- [ "$(json .stdout.length)" -lt 1200 ]

# nothing of a box survives it: its kernel, zygote and programs
box_pids() { pgrep -f "^($ACS box|acs-zygote for $ACS\$)" | grep -v "^$$\$" || true; }
run_acs box --json --timeout-ms 200 --exec cat /dev/urandom
check "after a box: none of its processes is left on the host" [ -z "$(box_pids)" ]

# the owner killed: the kernel sees its socket close and ends the box
"$ACS" box --exec cat /dev/zero >/dev/null 2>&1 &
owner=$!
for _ in $(seq 400); do [ "$(pgrep -f "^($ACS box|acs-zygote for $ACS\$)" | wc -l)" -ge 4 ] && break; sleep 0.05; done
started=$(pgrep -f "^($ACS box|acs-zygote for $ACS\$)" | wc -l)
kill -9 "$owner"; wait "$owner" 2>/dev/null
for _ in $(seq 400); do [ -z "$(box_pids)" ] && break; sleep 0.05; done
check "the owner killed: kernel, zygote and the running program all end" all [ "$started" -ge 4 ] -- [ -z "$(box_pids)" ]

# the kernel killed: its programs die with it and the owner reports it
"$ACS" box --exec cat /dev/zero >/dev/null 2>"$TMP/kerr" &
owner=$!
kernel=""
for _ in $(seq 400); do kernel=$(pgrep -P "$owner" | head -1); [ -n "$kernel" ] && [ "$(pgrep -f "^($ACS box|acs-zygote for $ACS\$)" | wc -l)" -ge 4 ] && break; sleep 0.05; done
kill -9 "$kernel"
wait "$owner"; orc=$?
for _ in $(seq 400); do [ -z "$(box_pids)" ] && break; sleep 0.05; done
check "the kernel killed: the owner exits 3 naming it, no process is left" \
  all [ "$orc" = 3 ] -- has "$(cat "$TMP/kerr")" "kernel is gone" -- [ -z "$(box_pids)" ]

lacks() { ! has "$1" "$2"; }
# #! scripts run as execve runs them: the interpreter (a program of the
# box, or a script itself, up to 4 levels) gets its argument, the script's
# path and the arguments
run_acs box -c 'printf "#!/usr/bin/env node\nconsole.log(JSON.stringify(process.argv.slice(2)))\n" > /tmp/n; chmod +x /tmp/n; /tmp/n a "b c"
printf "#!/bin/sh -e\nfalse\necho not-reached\n" > /tmp/e; chmod +x /tmp/e; /tmp/e; echo "e=$?"
printf "#!/tmp/e\necho not-reached-either\n" > /tmp/nested; chmod +x /tmp/nested; /tmp/nested; echo "nested=$?"
node -e "console.log(require(\"child_process\").execFileSync(\"/tmp/n\", [\"x\"]).toString().trim())"'
check "#!: env node with arguments, an interpreter's option, a script as interpreter, from node's child_process" \
  all has "$OUT" '["a","b c"]' -- has "$OUT" "e=1" -- has "$OUT" "nested=1" -- has "$OUT" '["x"]' -- lacks "$OUT" "not-reached"

# a working directory the box lacks is the caller's error, named as such
# (it read "acs: /usr/bin/sh: command not found", 127)
run_acs box -w /nonexistent -c 'echo hi'
check "a missing -w directory: a configuration error naming it" all [ "$RC" = 2 ] -- has "$ERR" "cwd '/nonexistent' does not exist in the box"
run_acs box -w /etc/passwd -c 'echo hi'
check "-w on a file: not a directory" all [ "$RC" = 2 ] -- has "$ERR" "cwd '/etc/passwd' is not a directory in the box"
run_acs box --user agent -w /root -c 'echo hi'
check "-w where the user may not go: says so" all [ "$RC" = 2 ] -- has "$ERR" "cannot be entered by the box's user"

# exec replaces the process (the same box pid): a signal to that pid
# reaches the program, and nothing is left running after it
run_acs box -c 'sh -c "exec sleep 30" & p=$!; sleep 0.3; ps -o pid=,comm= | grep -w "$p"; kill $p; wait $p; echo "status $?"; ps -o comm= | grep -c sleep; true'
check "exec: the program has the shell's pid, the kill ends it, no orphan" \
  all [ "$RC" = 0 ] -- has "$OUT" "sleep" -- has "$OUT" "status 143" -- [ "$(printf '%s' "$OUT" | tail -1)" = 0 ]
run_acs box -c 'ps -o pid=,ppid=,comm='
check "acs box -c 'ps': the shell's last command takes its place (as bash -c)" \
  all [ "$RC" = 0 ] -- [ "$(printf '%s\n' "$OUT" | awk '{print $1, $2, $3}' | tail -1)" = "2 1 ps" ]

# ulimit -n and -u are the box's: its kernel's fd table per process (1024,
# raised only by root, never past the table), its owner's process limit
run_acs box --max-processes 50 -c 'ulimit -n; ulimit -Hn; ulimit -u; ulimit -a | grep -E "^(open files|max user)"'
check "ulimit: open files and processes are the box's limits" \
  [ "$OUT" = "$(printf '1024\n1024\n50\nopen files                          (-n) 1024\nmax user processes                  (-u) 50')" ]
run_acs box -c 'ulimit -n 50; node -e "const fs = require(\"fs\"); let n = 0; try { for (;;) { fs.openSync(\"/tmp/f\" + n, \"w\"); n++; } } catch (e) { console.log(e.code, n > 40 && n < 50) }"; sh -c "ulimit -n"'
check "ulimit -n 50: node in the box meets EMFILE below 50 files, and a child inherits the limit" [ "$OUT" = "$(printf 'EMFILE true\n50')" ]
run_acs box -c 'ulimit -n 2000; echo rc=$?; ulimit -u 10; echo rc=$?'
check "ulimit: past the box's fd table and the owner's process limit is refused, in bash's words" \
  all has "$OUT" "rc=1" -- has "$ERR" "ulimit: open files: cannot modify limit: Operation not permitted" -- \
  has "$ERR" "ulimit: max user processes: cannot modify limit: Operation not permitted"
# as Linux and bash do it for a user (measured with setpriv as nobody): a hard limit under the soft
# one is EINVAL, a lowered hard limit cannot be raised again
run_acs box --user agent -c 'ulimit -Hn 100; echo rc=$?; ulimit -n 100; ulimit -n 200; echo rc=$?; ulimit -Sn; ulimit -Hn'
check "ulimit as agent: as bash and Linux answer a user" \
  all [ "$OUT" = "$(printf 'rc=1\nrc=1\n100\n100')" ] -- has "$ERR" "cannot modify limit: Invalid argument" -- \
  has "$ERR" "open files: cannot modify limit: Operation not permitted"
# a redirection under a limit of 10 saves the fd below it, as bash's move_to_high_fd
run_acs box -c '(ulimit -n 10; : > /tmp/a; echo still; echo x > /tmp/b; cat /tmp/b)'
check "ulimit -n 10: a redirection's saved fd fits under the limit, stdout lives on" [ "$OUT" = "$(printf 'still\nx')" ]

# the slim zygote (acs-zygote beside acs) forks the box's programs but
# node and WASI: its processes have a few dozen mappings, not the engine's
# ~200; without it (no binary, or one that dies at once) the box's own
# zygote runs everything
if [ -x "$(dirname "$ACS")/acs-zygote" ]; then
  "$ACS" box -c 'sleep 4 & node -e "setTimeout(() => {}, 4000)" & wait' >/dev/null 2>&1 &
  bg=$!
  slim_maps=""
  for i in $(seq 60); do
    sleep 0.1
    # the zygote's own processes (a guest, a spare): named as it is
    for p in $(pgrep -x acs-zygote); do
      m=$(wc -l < /proc/$p/maps 2>/dev/null)
      [ -n "$m" ] && [ "$m" -gt 0 ] && slim_maps="$slim_maps $m"
    done
    [ "$(echo $slim_maps | wc -w)" -ge 2 ] && break
  done
  kill $bg 2>/dev/null; wait $bg 2>/dev/null
  max=0
  for m in $slim_maps; do [ "$m" -gt "$max" ] && max=$m; done
  check "slim zygote: a box's programs are its processes, each with few mappings (${slim_maps# })" \
    all [ "$(echo $slim_maps | wc -w)" -ge 2 ] -- [ "$max" -lt 100 ]
  # the kernel holds the zygote's spares (processes forked ahead, their
  # fd 3 still /dev/null) and hands spawns to them: one killed from the
  # host while it waits is passed over, and what the box runs is unchanged
  "$ACS" box -c 'sleep 1; echo one; sleep 2; echo two | cat; for i in 1 2 3; do /usr/bin/true; done; echo three' >"$TMP/spares.out" 2>&1 &
  bg=$!
  killed=0
  for _ in $(seq 100); do
    sleep 0.05
    kernel=$(pgrep -P "$bg" | head -1)
    [ -n "$kernel" ] || continue
    for p in $(pgrep -P "$kernel" -x acs-zygote); do
      [ "$(readlink "/proc/$p/fd/3" 2>/dev/null)" = /dev/null ] && kill -9 "$p" && killed=$((killed + 1))
    done
    [ "$killed" -ge 1 ] && break
  done
  wait $bg; src=$?
  check "slim zygote: spares killed from the host ($killed) are passed over" \
    all [ "$killed" -ge 1 ] -- [ "$src" = 0 ] -- [ "$(cat "$TMP/spares.out")" = "$(printf 'one\ntwo\nthree')" ]
  # many spawns at once wait for the spares being made, in order
  run_acs box -c 'for i in $(seq 40); do /usr/bin/true & done; wait; seq 1 9 | cat | cat | sort -r | head -2; (echo a; echo b) | wc -l'
  check "slim zygote: 40 programs at once and a pipeline of five" [ "$OUT" = "$(printf '9\n8\n2')" ]
  run_acs box --exec acs-zygote
  check "acs-zygote is not in the box" [ "$RC" = 127 ]
  "$(dirname "$ACS")/acs-zygote" > "$TMP/z.out" 2>&1; zrc=$?
  check "acs-zygote run by hand refuses, saying why" \
    all [ "$zrc" = 2 ] -- grep -q "the box's kernel starts this program" "$TMP/z.out"
fi
for z in /nonexistent /bin/true; do
  ACS_ZYGOTE_BIN=$z run_acs box -c 'echo hi; ls /usr/bin/cat; node -e "console.log(1 + 1)"; for i in 1 2 3; do true; done; echo done'
  check "ACS_ZYGOTE_BIN=$z: the box's zygote runs every program" [ "$OUT" = "$(printf 'hi\n/usr/bin/cat\n2\ndone')" ]
done

# named pipes reach node as any pipe (writeFileSync opens and writes it,
# not the kernel's one-trip write), and so does /dev/stdout
run_acs box --timeout-ms 20000 -c 'cd /tmp; mkfifo q; node -e "require(\"fs\").writeFileSync(\"/tmp/q\", \"from node\\n\")" & cat q; wait; (echo to-node > q &); node -e "console.log(require(\"fs\").readFileSync(\"/tmp/q\", \"utf8\").trim())"; node -e "require(\"fs\").writeFileSync(\"/dev/stdout\", \"stdout ok\\n\")"'
check "fifos and /dev/stdout through node's fs" [ "$OUT" = "$(printf 'from node\nto-node\nstdout ok')" ]
# an open of a fifo waits, and the box's timeout still ends it
run_acs box --timeout-ms 1500 -c 'mkfifo /tmp/w; echo x > /tmp/w; echo never'
check "a writer with no reader waits until the time limit (124)" all [ "$RC" = 124 ] -- [ -z "$OUT" ]
