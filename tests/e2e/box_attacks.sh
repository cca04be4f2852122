# box_attacks.sh - attempts to get out of a box or to hurt it, through its
# programs (sh, cat, node); each must fail cleanly and leave the host as it
# was. (Malformed protocol messages and the guests' system-call walls:
# tests/unit/kernel.c.)
. "$(dirname "$0")/lib.sh"

SECRET=host-secret-$$-$RANDOM
mkdir -p "$TMP/host"
echo "$SECRET" >"$TMP/host/secret.txt"
box_pids() { pgrep -f "^($ACS box|acs-zygote for $ACS\$)" || true; }

# host files: absolute host paths, /proc tricks, links made in the box
run_acs box -c "cat $TMP/host/secret.txt /proc/self/root$TMP/host/secret.txt /proc/1/environ; echo rc=\$?"
check "sh + cat: a host path is not in the box (No such file)" \
  all has "$ERR" "$TMP/host/secret.txt: No such file or directory" -- has "$OUT" "rc=1" -- bash -c "! grep -q '$SECRET' <<<\"\$OUT\$ERR\""
run_acs box --exec node -e "
const fs = require('fs');
for (const p of ['$TMP/host/secret.txt', '/proc/self/root$TMP/host/secret.txt', '/proc/self/fd/0', '/dev/fd/3'])
  try { console.log(p, 'READ', fs.readFileSync(p, 'utf8')); } catch (e) { console.log(p, e.code); }
fs.symlinkSync('$TMP/host/secret.txt', '/tmp/link');
try { console.log('link READ', fs.readFileSync('/tmp/link', 'utf8')); } catch (e) { console.log('link', e.code); }
fs.mkdirSync('$TMP/host', { recursive: true });
fs.writeFileSync('$TMP/host/written-by-box', 'x');
console.log('wrote', fs.existsSync('$TMP/host/written-by-box'));"
check "node: host paths and a link to one resolve inside the box, never on the host" \
  all bash -c "! grep -q '$SECRET' <<<\"\$OUT\$ERR\"" -- has "$OUT" "link ENOENT" -- has "$OUT" "wrote true"
check "node: what it wrote at a host path stayed in the box" [ ! -e "$TMP/host/written-by-box" ]
check "the host dir is as it was" [ "$(ls "$TMP/host")" = secret.txt ]

# the box's own data: a full filesystem is ENOSPC for the writer, and what
# was written before stays, the box goes on
run_acs box --fs-mb 8 -c 'echo kept > /tmp/keep; cat /dev/zero > /tmp/big; echo "cat=$?"; cat /tmp/keep; echo after'
check "filling memfs: cat stops with GNU's ENOSPC message, files written before stay, the script goes on" \
  all [ "$RC" = 0 ] -- has "$ERR" "cat: write error: No space left on device" -- [ "$OUT" = "$(printf 'cat=1\nkept\nafter')" ]

# a fork bomb in the shell: endless background programs meet the process
# limit (EAGAIN, said on stderr), the time limit ends the script, and
# nothing of it survives on the host
run_acs box --json --max-processes 24 --timeout-ms 2000 -c 'while :; do cat /dev/zero > /dev/null & done'
check "a shell fork bomb: spawns past the limit are refused, the time limit ends it (124)" \
  all [ "$RC" = 124 ] -- has "$(json .stderr)" "Resource temporarily unavailable"
for _ in $(seq 400); do [ -z "$(box_pids)" ] && break; sleep 0.05; done
check "a shell fork bomb: no process of the box is left on the host" [ -z "$(box_pids)" ]

# endless output into a pipe whose reader is gone: SIGPIPE, as on Linux
run_acs box -c 'cat /etc/passwd /dev/zero | (read -r line; echo "read: ${line%%:*}"); echo "status $?"'
check "a writer whose reader left dies of SIGPIPE; the script goes on" [ "$OUT" = "$(printf 'read: root\nstatus 0')" ]

# /proc: the box's processes only, never the host's; the owner's files are
# the owner's; nothing can be written
HOSTMODEL=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
run_acs box -c 'echo /proc/[0-9]*; cat /proc/self/stat /proc/version /proc/cpuinfo /proc/mounts /proc/1/status; readlink /proc/self/exe /proc/1/root; echo /proc/1/root/*'
check "/proc: box pids only, the box's own identity and figures, never the host's" \
  all [ "$RC" = 0 ] -- has "$OUT" "/proc/1 /proc/2" -- has "$OUT" "Linux version 6.1.0-acs" \
  -- bash -c "! grep -qF '$(uname -r)' <<<\"\$OUT\"" -- bash -c "! grep -qF -- '$HOSTMODEL' <<<\"\$OUT\"" \
  -- bash -c "! grep -qF '$(hostname)' <<<\"\$OUT\"" -- bash -c "! grep -qE '/proc/[0-9]{4,}' <<<\"\$OUT\"" \
  -- has "$OUT" "/usr/bin/readlink" -- has "$OUT" "memfs / memfs" -- has "$OUT" "/proc/1/root/etc"
run_acs box --user agent -c 'cat /proc/1/environ; echo "environ=$?"; readlink /proc/1/cwd; echo "cwd=$?"; cat /proc/1/root/etc/hostname; echo "root=$?"; cat /proc/self/environ > /dev/null; echo "own=$?"'
check "/proc as agent: init's environ, cwd and root are refused, its own are readable" \
  all has "$OUT" "environ=1" -- has "$OUT" "cwd=1" -- has "$OUT" "root=1" -- has "$OUT" "own=0" \
  -- has "$ERR" "cat: /proc/1/environ: Permission denied"
run_acs box -c 'cat /proc/self/root'"$TMP"'/host/secret.txt; echo x > /proc/uptime; echo "w=$?"; mkdir /proc/x; echo "mkdir=$?"; touch /proc/new; echo "touch=$?"; ln -s /etc /proc/l; echo "ln=$?"; cat /proc/uptime | cat > /dev/null; echo "read=$?"'
check "/proc: writes fail (EIO for root's write, ENOENT for new names), no host path behind /proc/self/root" \
  all bash -c "! grep -q '$SECRET' <<<\"\$OUT\$ERR\"" -- has "$OUT" "w=1" -- has "$OUT" "mkdir=1" -- has "$OUT" "touch=1" \
  -- has "$OUT" "ln=1" -- has "$OUT" "read=0" -- has "$ERR" "mkdir: cannot create directory '/proc/x': No such file or directory"
run_acs box --user agent -c 'echo x > /proc/uptime; echo "w=$?"'
check "/proc as agent: opening for writing is Permission denied" all has "$OUT" "w=1" -- has "$ERR" "Permission denied"

# memory bombs in each language: past the box's memory limit the biggest
# program is killed with a line naming the limit, the box goes on, and
# what its files hold stays
run_acs box --memory-mb 256 -c '
echo kept > /tmp/keep
node -e "const a = []; for (;;) a.push(new Array(1e6).fill(1.5))"; echo "node=$?"
python3 -c "
a = []
while True: a.append(bytearray(10**7))"; echo "python=$?"
awk "BEGIN { s = \"xxxxxxxxxxxxxxxx\"; for (;;) s = s s }"; echo "awk=$?"
cat /tmp/keep; echo after'
check "memory bombs in node, python3 and awk: each killed at the box's limit, the script goes on, files stay" \
  all [ "$RC" = 0 ] -- has "$OUT" "node=137" -- has "$OUT" "python=137" -- has "$OUT" "awk=137" -- has "$OUT" "kept
after" -- has "$ERR" "node: killed: the box's memory limit of 256 MB was reached" \
  -- has "$ERR" "python3: killed: the box's memory limit of 256 MB" -- has "$ERR" "awk: killed: the box's memory limit"
run_acs box --json --memory-mb 256 -c 'x=0123456789abcdef; while :; do x=$x$x; done'
check "a shell that grows without end: killed at the limit, stoppedBy memory, exit status 125" \
  all [ "$RC" = 125 ] -- [ "$(json .stoppedBy)" = memory ] -- has "$(json .stderr)" "sh: killed: the box's memory limit of 256 MB"
run_acs box --memory-mb 300 --fs-mb 300 -c '
head -c 200000000 /dev/zero > /tmp/files; echo "files=$?"
node -e "const a = []; for (;;) a.push(new Array(1e6).fill(1.5))"; echo "node=$?"
ls -l /tmp/files | cut -d" " -f5'
check "files and programs share the limit: the program goes, the files stay" \
  all [ "$RC" = 0 ] -- has "$OUT" "files=0" -- has "$OUT" "node=137" -- has "$OUT" "200000000" -- has "$ERR" "MB, files 19"
run_acs box --memory-mb 300 -c '
for i in 1 2 3 4 5 6; do node -e "const a = new Array(2e7).fill(1.5); setTimeout(() => {}, 60000)" & done
sleep 3; wait; echo waited'
check "many programs that together pass the limit: the biggest are killed until the box fits" \
  all [ "$RC" = 0 ] -- has "$OUT" waited -- has "$ERR" "node: killed: the box's memory limit of 300 MB"
for _ in $(seq 400); do [ -z "$(box_pids)" ] && break; sleep 0.05; done
check "memory bombs: no process of the box is left on the host" [ -z "$(box_pids)" ]
