# box_wasi.sh - wasm32-wasi programs in the box (src/wasi, docs/box-wasi.md).
# The C programs of tests/e2e/box_wasi are built at test time twice: for
# wasm32-wasi with Debian's clang and wasi-libc, and natively. Differential
# cases run one script in a host temp dir with the native builds and in a
# box (cwd /work) with the wasm builds under the same names; stdout and
# the status must be equal. The other cases assert the box's own rules:
# paths, permissions as user agent, and attacks (.. past /, a link to a
# host path, a memory bomb, loops killed by kill -9 and by the time limit,
# stack overflows, bad pointers, modules that are not commands).
source tests/e2e/lib.sh

SRC=tests/e2e/box_wasi
WCC="clang-14 --target=wasm32-wasi -O2"
if ! command -v clang-14 >/dev/null 2>&1 || ! command -v wasm-ld-14 >/dev/null 2>&1 ||
   [ ! -f /usr/lib/wasm32-wasi/crt1-command.o ]; then
  echo "skip box_wasi (no wasm32-wasi toolchain: scripts/deps.sh installs clang-14, lld-14, wasi-libc, libclang-rt-14-dev-wasm32)"
  exit 0
fi
W="$TMP/box" N="$TMP/native"
mkdir -p "$W" "$N"
for p in fs io time attack; do
  if ! $WCC -c -o "$TMP/$p.o" "$SRC/$p.c" 2>"$TMP/cc.err" ||
     ! $WCC -Wl,--strip-debug -o "$W/$p" "$TMP/$p.o" 2>>"$TMP/cc.err"; then
    echo "FAIL wasi build $p"; sed 's/^/  /' "$TMP/cc.err" | head -20; exit 0
  fi
  cc -O2 -o "$N/$p" "$SRC/$p.c" 2>"$TMP/cc.err" || { echo "FAIL native build $p"; head -20 "$TMP/cc.err"; exit 0; }
done
$WCC -Wl,--strip-debug -o "$W/api" "$SRC/api.c" 2>"$TMP/cc.err" || { echo "FAIL wasi build api"; head -20 "$TMP/cc.err"; exit 0; }
$WCC -mexec-model=reactor -Wl,--strip-debug -o "$W/reactor" "$SRC/reactor.c" &&
  $WCC -Wl,--allow-undefined -Wl,--strip-debug -o "$W/badimport" "$SRC/badimport.c" ||
  { echo "FAIL wasi build reactor/badimport"; exit 0; }
# a module marked as keeping its own cwd (a custom section acs.paths = "root")
printf root >"$TMP/root.txt"
if command -v llvm-objcopy-14 >/dev/null 2>&1; then
  llvm-objcopy-14 --add-section=acs.paths="$TMP/root.txt" "$W/io" "$W/io-marked"
fi
if ! "$ACS" box --copy "$W/io:/work/io" -w /work -c './io args' >/dev/null 2>&1; then
  echo "FAIL wasi: a hello-world module does not run in the box"
  "$ACS" box --copy "$W/io:/work/io" -w /work -c './io args' 2>&1 | head -5 | sed 's/^/  /'
  exit 0
fi

# d NAME SCRIPT: the same script natively (host temp dir) and in the box
d() {
  local name=$1 script=$2 dir exp got ers grs
  dir=$(mktemp -d "$TMP/h.XXXXXX")
  cp -a "$N/." "$dir/"
  exp=$(cd "$dir" && env -i PATH=/usr/bin:/bin HOME="$dir" bash -c "$script" 2>"$TMP/host.err" </dev/null); ers=$?
  got=$("$ACS" box --copy "$W:/work" -w /work -c "$script" 2>"$TMP/box.err" </dev/null); grs=$?
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ]; then
    echo "ok wasi $name"
  else
    echo "FAIL wasi $name"
    echo "  native: status $ers, stdout: $(printf '%s' "$exp" | head -c 600)"
    echo "  box:    status $grs, stdout: $(printf '%s' "$got" | head -c 600)"
    echo "  box stderr: $(head -c 400 "$TMP/box.err")"
  fi
  rm -rf "$dir"
}

d files-dirs-links './fs'
d args './io args a "b c" "" "d*" "é"'
d argv0 './io name; mkdir sub; ./sub/../io name'
d env 'FOO=bar EMPTY= ./io env FOO EMPTY NOPE'
d exit-status './io exit 42; echo $?; ./io exit 0; echo $?; ./io exit 300; echo $?'
d abort './io abort; echo $?'
d pipeline 'printf "a\nb\nc\n" | ./io upper 2>/dev/null | sort -r'
d pipeline-two-modules './io args x y | ./io upper 2>/dev/null'
d stderr './io upper </dev/null 2>&1 >/dev/null'
d stdin-kinds 'echo x | ./io stdin; ./io stdin < /dev/null; echo abc > f; ./io stdin < f'
d stdin-file 'echo "x,1" > data.csv; ./io upper < data.csv 2>/dev/null'
d stdout-file './io args out > out.txt; cat out.txt; ./io args more >> out.txt; wc -l < out.txt'
d relative-paths 'echo "x,1" > data.csv; mkdir sub; echo y > sub/f; ./io cat data.csv sub/f ./sub/f sub/../data.csv'
d missing-file './io cat nope 2>&1; echo $?'
d write-then-read './io write new.txt hello && cat new.txt'
d clocks-sleep-poll '(sleep 1; echo data) | ./time x'

# b NAME WANT_STATUS WANT_TEXT [ACS BOX OPTIONS...] -- SCRIPT: a box-only
# case; stdout and stderr together must hold WANT_TEXT
b() {
  local name=$1 want_rc=$2 want=$3 opts=()
  shift 3
  while [ "$1" != -- ]; do opts+=("$1"); shift; done
  shift
  run_acs box "${opts[@]}" --copy "$W:/work" -w /work -c "$1"
  OUT="$OUT$ERR"
  check "wasi $name" all [ "$RC" = "$want_rc" ] -- has "$OUT" "$want"
}

b absolute-path 0 "box" -- './io cat /etc/hostname'
b first-component-not-in-cwd 0 "box" -- './io cat etc/hostname'
b root-paths-option 0 "x,1" -- 'echo x,1 > data.csv; wasi --root-paths ./io cat work/data.csv'
b root-paths-relative-fails 1 "data.csv: No such file or directory" -- 'echo x,1 > data.csv; wasi --root-paths ./io cat data.csv'
if [ -f "$W/io-marked" ]; then
  b marked-module-root-paths 1 "x,1data.csv: No such file or directory" -- 'echo x,1 > data.csv; ./io-marked cat work/data.csv data.csv'
else
  echo "skip wasi marked-module (no llvm-objcopy-14 to add a custom section)"
fi
b program-in-path 0 "[z]" -- 'cp io /usr/local/bin/wio; cd /tmp && wio args z'
b wasi-command 0 "[q]" -- 'wasi io args q'
b argv0-option 0 "io0" -- 'wasi --argv0 io0 ./io name'
b argv0-from-path 0 "wio" -- 'cp io /usr/local/bin/wio; wio name'
b not-executable 126 "Permission denied" -- 'chmod -x io; ./io args'
b agent-eacces-read 1 "Permission denied" --user agent -- './io cat /root/.profile /etc/shadow 2>&1; ./io write /root/x y'
b agent-eacces-write 1 "/etc/passwd: Permission denied" --user agent -- './io write /etc/passwd pwned'
b agent-own-files 0 "mine" --user agent -- 'cd /tmp && /work/io write f mine && cat f'
b dotdot-past-root 0 "etc/hostname: box" -- './attack dotdot'
b link-to-host-path 1 "ENOENT" -- 'ln -s /etc/shadow s; ./attack read s'
b link-to-host-hostname 0 "h: box" -- 'ln -s /etc/hostname h; ./attack read h'
b memory-bomb-default-cap 0 "within the cap 1" -- './attack mem 1024'
b memory-bomb-small-cap 0 "within the cap 1" -- 'wasi --max-memory-mb 64 ./attack mem 64 touch'
b memory-option-bounds 2 "1 to 4096" -- 'wasi --max-memory-mb 9999 ./attack mem 1'
b stack-overflow-engine 134 "wasm trap: call stack exhausted" -- './attack calls'
b stack-overflow-linear 134 "wasm trap: out of bounds memory access" -- './attack stack'
b efault 0 "fault: buffer EFAULT, iovec EFAULT, result EFAULT" -- './attack fault'
b reactor-refused 126 "exports no _start" -- './reactor'
b bad-import-named 126 "imports env.host_thing" -- './badimport'
b not-wasm 126 "not a WebAssembly module" -- 'echo junk > j; wasi ./j'
b kill-9 0 "killed 137" -- './attack loop & p=$!; sleep 1; kill -9 $p; wait $p; echo killed $?'
b kill-term 0 "killed 143" -- './attack loop & p=$!; sleep 1; kill $p; wait $p; echo killed $?'
# the preview1 calls one by one (api.c), against the lines they must print
# (errno 32 is ELOOP, 55 ENOTEMPTY; the last call raises SIGTERM: 143)
got=$("$ACS" box --copy "$W:/work" -w /work -c 'echo | ./api; echo "status $?"' 2>&1)
if [ "$got" == "$(cat "$SRC/api.out"; echo "status 143")" ]; then echo "ok wasi preview1 calls"; else
  echo "FAIL wasi preview1 calls"; diff <(printf '%s\n' "$got") <(cat "$SRC/api.out"; echo "status 143") | head -20 | sed 's/^/  /'
fi

run_acs box --timeout-ms 1500 --copy "$W:/work" -w /work -c './attack loop'
check "wasi time-limit" all [ "$RC" = 124 ] -- [ "$MS" -lt 30000 ]
