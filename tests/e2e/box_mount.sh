#!/usr/bin/env bash
# box_mount.sh - acs box -v HOST:BOX[:ro]: a host directory in the box.
# Differential: the same file script run by the box's programs on a mount
# and by the host's bash and GNU tools in a copy of the same tree prints the
# same and leaves the same tree. Then the rules: read-only refused by every
# program, links that resolve in the box and never on the host, the box's
# users, setuid bits, the filesystem limit, cwd and programs in a mount,
# snapshots, and the configuration errors.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

tree_of() { (cd "$1" && find . -printf '%p %y %s %l\n' | LC_ALL=C sort && find . -type f -exec sha256sum {} + | LC_ALL=C sort); }
seed() {
  rm -rf "$1"; mkdir -p "$1/src/lib" "$1/docs"
  printf 'alpha\nbeta\ngamma\n' > "$1/src/a.txt"
  printf 'one two\nthree\n' > "$1/src/lib/b.txt"
  printf '# doc\n' > "$1/docs/readme.md"
  ln -s ../src/a.txt "$1/docs/link"
}

# ------------------------------------------------------------ differential
SCRIPT='set -e
cat src/a.txt | sort -r
wc -l src/lib/b.txt
mkdir -p out/deep/er
echo made > out/deep/er/f
cp -r src out/copy
mv out/copy/a.txt out/copy/renamed.txt
sed -i s/beta/BETA/ src/a.txt
echo appended >> src/lib/b.txt
truncate -s 3 out/deep/er/f
ln -s ../src/lib/b.txt out/rel
cat out/rel
readlink docs/link
cat docs/link
rm -r out/copy/lib
rmdir out/deep/er 2>/dev/null || echo not-empty
rm out/deep/er/f && rmdir out/deep/er
stat -c "%n %s %F" src/a.txt docs out/rel
find . -name "*.txt" | sort
grep -rn BETA src
tar -cf /tmp/t.tar src && mkdir x && tar -xf /tmp/t.tar -C x && ls x/src
chmod 600 src/a.txt && stat -c %a src/a.txt
ls -A out | sort
test -d out/deep && echo dir-ok
echo done'
seed "$TMP/host"
seed "$TMP/mnt"
host_out=$(cd "$TMP/host" && bash -c "$SCRIPT" 2>&1)
run_acs box -v "$TMP/mnt:/app" -w /app -c "$SCRIPT"
check "a file script on a mount prints what bash and GNU tools print on the host" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "$host_out" ]
[ "$OUT" = "$host_out" ] || diff <(echo "$host_out") <(echo "$OUT") | head -20
check "... and leaves the host tree as they leave it" \
  all [ "$(tree_of "$TMP/mnt")" = "$(tree_of "$TMP/host")" ]

run_acs box -v "$TMP/mnt:/app" -c 'node -e "
const fs = require(\"fs\");
fs.mkdirSync(\"/app/n/d\", {recursive: true});
fs.writeFileSync(\"/app/n/d/f.json\", JSON.stringify({a: 1}));
fs.appendFileSync(\"/app/n/d/f.json\", \"\\n\");
fs.renameSync(\"/app/n/d/f.json\", \"/app/n/g.json\");
console.log(fs.readdirSync(\"/app/n\").sort().join(), fs.readFileSync(\"/app/n/g.json\", \"utf8\").trim(),
  fs.statSync(\"/app/n/g.json\").size, fs.existsSync(\"/app/n/d/f.json\"));
"; python3 -c "
import os
open(\"/app/n/p.txt\", \"w\").write(\"from python\")
print(sorted(os.listdir(\"/app/n\")), open(\"/app/n/g.json\").read().strip())
"'
check "node and python3 read, write, rename and list in a mount" \
  all [ "$RC" = 0 ] -- [ "$OUT" = 'd,g.json {"a":1} 8 false
['"'"'d'"'"', '"'"'g.json'"'"', '"'"'p.txt'"'"'] {"a":1}' ] -- [ "$(cat "$TMP/mnt/n/p.txt")" = "from python" ]

# --------------------------------------------------------------- read-only
seed "$TMP/ro"
before=$(tree_of "$TMP/ro")
run_acs box -v "$TMP/ro:/data:ro" -c '
cd /data
echo x > new 2>/dev/null && echo WROTE-new
echo x >> src/a.txt 2>/dev/null && echo WROTE-append
rm src/a.txt 2>/dev/null && echo RM
mv src/a.txt src/z 2>/dev/null && echo MV
mkdir m 2>/dev/null && echo MKDIR
touch src/a.txt 2>/dev/null && echo TOUCH
chmod 777 src/a.txt 2>/dev/null && echo CHMOD
ln src/a.txt h 2>/dev/null && echo LINK
ln -s a.txt src/s 2>/dev/null && echo SYMLINK
sed -i s/a/b/ src/a.txt 2>/dev/null && echo SED
truncate -s 0 src/a.txt 2>/dev/null && echo TRUNC
cp /etc/hostname src/ 2>/dev/null && echo CP
tar -cf /tmp/t.tar -C /etc hostname && tar -xf /tmp/t.tar -C /data 2>/dev/null && echo TAR
node -e "require(\"fs\").writeFileSync(\"/data/n\", \"x\")" 2>/dev/null && echo NODE
python3 -c "open(\"/data/p\", \"w\")" 2>/dev/null && echo PY
echo x > /data/src/lib/../a2 2>/dev/null && echo DOTDOT
cat src/a.txt | head -1
echo x > src/a.txt'
check "a read-only mount refuses writes through sh, the commands, node and python" \
  all [ "$OUT" = alpha ] -- has "$ERR" "Read-only file system"
check "... and the host tree is byte for byte as it was" all [ "$(tree_of "$TMP/ro")" = "$before" ]

# ------------------------------------------------------------------ links
seed "$TMP/l"
echo host-secret > "$TMP/secret"
ln -s /etc/hostname "$TMP/l/abs"
ln -s ../secret "$TMP/l/up"
ln -s ../../../../../../../../etc/hostname "$TMP/l/climb"
run_acs box -v "$TMP/l:/app" --hostname boxname -c 'cat /app/abs; cat /app/climb; cat /app/up 2>&1; cat /app/../secret 2>&1; cd /app/src && cat ../../etc/hostname; realpath /app/abs /app/docs/link'
check "links and .. in a mount resolve in the box: /etc/hostname is the box's, the host's neighbour is not there" \
  all [ "$OUT" = "boxname
boxname
cat: /app/up: No such file or directory
cat: /app/../secret: No such file or directory
boxname
/etc/hostname
/app/src/a.txt" ] -- not_has "$OUT" host-secret
run_acs box -v "$TMP/l:/app" -c 'cd /app; ln -s /etc/passwd p1; ln -s ../../x p2; ln -s src/../../y p3; ln -s src/a.txt ok && head -1 ok'
check "a new link in a mount must point inside it by a relative text (the host reads it too)" \
  all [ "$OUT" = alpha ] -- has "$ERR" "'p1': Operation not permitted" -- has "$ERR" "'p2': Operation not permitted" \
  -- has "$ERR" "'p3': Operation not permitted" -- [ ! -e "$TMP/l/p1" ] -- [ ! -e "$TMP/l/p2" ] -- [ "$(readlink "$TMP/l/ok")" = src/a.txt ]
run_acs box -v "$TMP/l:/app" -c 'ln -s /app/src /tmp/to-mount; head -1 /tmp/to-mount/a.txt; cd /tmp/to-mount && pwd -P'
check "a box link into a mount is followed into it" all [ "$OUT" = "alpha
/app/src" ]
mkfifo "$TMP/l/fifo"
run_acs box --timeout-ms 20000 -v "$TMP/l:/app" -c 'cat /app/fifo; echo rc=$?'
check "a host fifo in a mount is refused, not waited on" all [ "$RC" = 0 ] -- has "$OUT" "rc=1" -- has "$ERR" "No such device or address"
rm -f "$TMP/l/fifo"

# ------------------------------------------------------------------ users
seed "$TMP/u"
chmod 700 "$TMP/u/docs"
run_acs box --user agent -v "$TMP/u:/app" -c 'id -un; stat -c "%U:%G %a" /app/src/a.txt; echo mine > /app/src/new && cat /app/src/new; ls /app/docs >/dev/null && echo docs-ok; chown root /app/src/a.txt; chmod 4755 /app/src/a.txt; stat -c %a /app/src/a.txt'
check "--user agent owns the mount's files, chown to another is refused, setuid is never set" \
  all [ "$OUT" = "agent
agent:agent 644
mine
docs-ok
755" ] -- has "$ERR" "chown: changing ownership of '/app/src/a.txt': Operation not permitted" \
  -- [ "$(stat -c %a "$TMP/u/src/a.txt")" = 755 ]
run_acs box --user agent -c 'true'
chmod 755 "$TMP/u/docs"

# ------------------------------------------------------------------ limits
mkdir -p "$TMP/big"
run_acs box --fs-mb 2 -v "$TMP/big:/app" -c 'head -c 5000000 /dev/zero > /app/f; echo rc=$?; rm /app/f; head -c 1000000 /dev/zero > /app/g && echo second-ok'
size=$(stat -c %s "$TMP/big/g" 2>/dev/null || echo 0)
check "what a box adds to its mounts counts toward its filesystem limit (the host disk is not filled)" \
  all has "$OUT" "rc=1" -- has "$OUT" "second-ok" -- has "$ERR" "No space left on device" -- [ "$size" = 1000000 ]

# ------------------------------------------------------- cwd and programs
seed "$TMP/c"
printf '#!/bin/sh\necho "script in $(pwd) with $1"\n' > "$TMP/c/src/run.sh"
chmod 755 "$TMP/c/src/run.sh"
run_acs box -v "$TMP/c:/app" -w /app/src -c 'pwd; ./run.sh arg; sh -c pwd; node -e "console.log(process.cwd())"; readlink /proc/self/cwd; cd lib && cat b.txt | head -1; cd ../.. && pwd; cd .. && pwd'
check "the cwd may lie in a mount: relative paths, children, node, /proc/self/cwd, cd .. out of it" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "/app/src
script in /app/src with arg
/app/src
/app/src
/app/src
one two
/app
/" ]

# --------------------------------------------------------------- snapshots
seed "$TMP/s"
run_acs box -v "$TMP/s:/app" --snapshot "$TMP/snap.tar" -c 'echo kept > /home/agent/k; ls /app | wc -l'
listed=$(tar -tf "$TMP/snap.tar" 2>/dev/null)
check "a snapshot holds the box's own files, not a mount's" \
  all [ "$RC" = 0 ] -- has "$listed" "./home/agent/k" -- has "$listed" "./app/" -- not_has "$listed" "./app/src"
run_acs box --restore "$TMP/snap.tar" -v "$TMP/s:/app" -c 'cat /home/agent/k; cat /app/src/a.txt | head -1'
check "a restored box mounts as a fresh one" all [ "$OUT" = "kept
alpha" ]

# ------------------------------------------------------------------ across
seed "$TMP/x"
run_acs box -v "$TMP/x:/app" -c 'mv /app/src /tmp/src && ls /tmp/src; echo q > /tmp/q && mv /tmp/q /app/q && cat /app/q; ls /app'
check "mv between the box's filesystem and a mount copies and removes, as across devices" \
  all [ "$RC" = 0 ] -- [ "$OUT" = "a.txt
lib
q
docs
q" ] -- [ ! -e "$TMP/x/src" ] -- [ "$(cat "$TMP/x/q")" = q ]

# ------------------------------------------------------------------ errors
run_acs box -v "$TMP/nope:/app" -c 'echo ran'
check "-v of a missing host directory: exit 2, naming it" \
  all [ "$RC" = 2 ] -- has "$ERR" "$TMP/nope" -- [ -z "$OUT" ]
echo f > "$TMP/file"
run_acs box -v "$TMP/file:/app" -c 'echo ran'
check "-v of a file: exit 2, not a directory" all [ "$RC" = 2 ] -- has "$ERR" "is not a directory"
for bad in /proc /dev/x /etc /; do
  run_acs box -v "$TMP/x:$bad" -c 'echo ran'
  check "-v at $bad is refused: the box's own" all [ "$RC" = 2 ] -- has "$ERR" "is the box's own" -- [ -z "$OUT" ]
done
run_acs box -v "$TMP/x:app" -c 'echo ran'
check "-v with a relative box path: usage, exit 2" all [ "$RC" = 2 ] -- has "$ERR" "absolute BOX path"
run_acs box -v "$TMP/x:/app" -v "$TMP/s:/app" -c 'echo ran'
check "two mounts at one place: exit 2" all [ "$RC" = 2 ] -- has "$ERR" "is a mount already"
run_acs box -v "$TMP/x:/app/inner" -v "$TMP/s:/app" -c 'echo ran'
check "a mount above an earlier one: exit 2, saying to mount the outer first" all [ "$RC" = 2 ] -- has "$ERR" "mount the outer directory first"
run_acs box -v "$TMP/s:/app" -v "$TMP/x:/app/docs/inner" -c 'cat /app/docs/inner/q; cat /app/src/a.txt | head -1'
check "a mount inside another mount" all [ "$RC" = 0 ] -- [ "$OUT" = "q
alpha" ]
manifest=$(tar -tvf "$TMP/snap.tar" >/dev/null 2>&1; head -c 2048 "$TMP/snap.tar" | tr -d '\0' | grep -ao '{"acs-snapshot".*}' | head -1)
check "the snapshot's manifest names the mounts" has "$manifest" '"mounts":[{"path":"/app","readOnly":false}]'
