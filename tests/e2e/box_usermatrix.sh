# box_usermatrix.sh - the box's user model against Linux's. Each cell of
# box_usermatrix/cells.mjs is one operation (read, write, create, unlink,
# rename, mkdir, rmdir, chmod, chown, utimes, exec, symlink, link, ...) on a
# file or directory of its own with a mode and owner (root, agent 1000, a
# third uid 2000; sticky directories among them). The same fixture is laid
# out by node as root in a host temp dir and in a box; then every operation
# runs as root and as agent through node (fs), python3 (os), a C program
# (natively on the host, as a wasm32-wasi module in the box) and the
# commands (GNU's on the host, the box's; their status and stderr), on the
# host under a real uid (setpriv), in the box with --user. Each cell's
# outcome, success or the errno, must be Linux's. One check per language,
# user and operation.
source tests/e2e/lib.sh

M=tests/e2e/box_usermatrix
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
  echo "skip usermatrix (needs root and setpriv to run the host's side as a real uid 1000)"; exit 0
fi
chmod 755 "$TMP"
D="$TMP/m" H="$TMP/h"
mkdir -p "$D" "$H"
cp "$M/cells.mjs" "$M/ops.mjs" "$M/ops.py" "$M/ops.sh" "$D/"
node "$D/cells.mjs" ops >"$D/ops.txt"
node "$D/cells.mjs" table >"$D/table.txt"
cc -O2 -o "$TMP/ops-native" "$M/ops.c" || { echo "FAIL usermatrix: native build of ops.c"; exit 0; }
langs="node sh c"
if command -v clang-14 >/dev/null 2>&1 && [ -f /usr/lib/wasm32-wasi/crt1-command.o ] &&
   clang-14 --target=wasm32-wasi -O2 -Wl,--strip-debug -o "$D/ops" "$M/ops.c" 2>"$TMP/cc.err"; then :; else
  echo "skip usermatrix c (no wasm32-wasi build of ops.c: scripts/deps.sh installs clang-14 and wasi-libc)"
  langs="node sh"
fi
if ! "$ACS" box -c 'command -v python3' >/dev/null 2>&1; then
  echo "skip usermatrix python (the box has no python3: make python builds it)"
elif [ ! -x /usr/bin/python3.11 ]; then
  echo "skip usermatrix python (no Debian python3.11 on the host to compare with: scripts/deps.sh installs it)"
else langs="$langs python"; fi

# the fixture in a box, once: each run restores it
"$ACS" box --copy "$D:/m" --snapshot "$TMP/fx.tar" -c 'node /m/cells.mjs setup /m/fx' >"$TMP/setup.out" 2>&1 ||
  { echo "FAIL usermatrix: the box's setup"; head -20 "$TMP/setup.out"; exit 0; }
node "$D/cells.mjs" setup "$H/fx"
# (directories' sizes are the filesystem's own: left out)
tree='find . -type d -printf "%p %m %U %G d\n" -o -printf "%p %m %U %G %y %s\n" | sort'
(cd "$H/fx" && bash -c "$tree") >"$TMP/host.tree"
"$ACS" box --restore "$TMP/fx.tar" -w /m/fx -c "$tree" >"$TMP/box.tree" 2>&1
check "usermatrix: the fixture is the same tree in the box and on the host" cmp -s "$TMP/host.tree" "$TMP/box.tree"

host_run() { # LANG USER
  local as=()
  [ "$2" = agent ] && as=(setpriv --reuid=1000 --regid=1000 --clear-groups)
  rm -rf "$H/fx" && node "$D/cells.mjs" setup "$H/fx"
  case $1 in
    node) (cd "$H/fx" && "${as[@]}" node "$D/ops.mjs" "$D/ops.txt") ;;
    python) (cd "$H/fx" && "${as[@]}" /usr/bin/python3.11 "$D/ops.py" "$D/ops.txt") ;;
    c) (cd "$H/fx" && "${as[@]}" "$TMP/ops-native" "$D/ops.txt") ;;
    sh) (cd "$H/fx" && env -i PATH=/usr/bin:/bin LC_ALL=C "${as[@]}" bash "$D/ops.sh" "$D/ops.txt") ;;
  esac
}
box_run() { # LANG USER
  local prog
  case $1 in
    node) prog='node /m/ops.mjs /m/ops.txt' ;;
    python) prog='python3 /m/ops.py /m/ops.txt' ;;
    c) prog='/m/ops /m/ops.txt' ;;
    sh) prog='sh /m/ops.sh /m/ops.txt' ;;
  esac
  "$ACS" box --restore "$TMP/fx.tar" --user "$2" -w /m/fx -c "$prog"
}

why_na() { # LANG OP: why a language cannot do OP in the box
  case $1 in
    c) echo "WASI preview1 has no call for it: no chmod, chown or exec" ;;
    node) echo "node's fs cannot ask for UTIME_NOW: it always sends times" ;;
    python) echo "CPython for WASI has no way to do it" ;;
  esac
}
# known.txt: LANG USER CELL why: a cell where the box differs from Linux on purpose
known() { grep -qE "^$1 $2 $3 " "$M/known.txt" 2>/dev/null; }

for lang in $langs; do
  for user in root agent; do
    host_run "$lang" "$user" >"$TMP/h.$lang.$user" 2>"$TMP/h.err"
    box_run "$lang" "$user" >"$TMP/b.$lang.$user" 2>"$TMP/b.err"
    for op in $(cut -d' ' -f2 "$D/ops.txt" | sort -u); do
      bad="" n=0 na=0 kn=0
      while read -r id _; do
        h=$(grep -m1 "^$id " "$TMP/h.$lang.$user") b=$(grep -m1 "^$id " "$TMP/b.$lang.$user")
        n=$((n + 1))
        case "$h$b" in *" n/a"*) na=$((na + 1)); continue ;; esac
        if [ "$h" != "$b" ] && known "$lang" "$user" "$id"; then kn=$((kn + 1)); continue; fi
        [ "$h" = "$b" ] || bad="$bad
    $(grep -m1 "^$id " "$D/ops.txt") | $(grep -m1 "^$id " "$D/table.txt" | cut -d' ' -f2-) | host: ${h#* } | box: ${b#* }"
      done < <(awk -v op="$op" '$2 == op' "$D/ops.txt")
      if [ "$na" = "$n" ]; then echo "skip usermatrix $lang as $user: $op ($(why_na "$lang" "$op"))"; continue; fi
      if [ -z "$bad" ]; then
        echo "ok usermatrix $lang as $user: $op ($((n - na - kn)) cells agree$([ "$kn" = 0 ] || echo ", $kn known differences in known.txt"))"
      else
        echo "FAIL usermatrix $lang as $user: $op"; printf '%s\n' "$bad" | head -30
      fi
    done
  done
done
