#!/usr/bin/env bash
# box_mount_attacks.sh - attempts to reach the host through a box's mounts,
# by sh, the commands, node and python3 (a WASI program): links planted on
# the host or made in the box, .., /proc, a directory swapped for a link
# by a host process while the box writes, setuid bits, ownership, fifos,
# filling the disk, exhausting descriptors, moving the mount itself. Each
# must fail cleanly; after each, the directory outside the mount is byte
# for byte as it was, its secret is in no output, and the host path of
# the mount appears in no output either.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

SECRET=outside-secret-$$-$RANDOM
OUTS=$TMP/outside
mkdir -p "$OUTS/d" "$TMP/m/sub" "$TMP/r"
echo "$SECRET" > "$OUTS/secret.txt"
echo ro > "$TMP/r/f"
ln -s "$OUTS/secret.txt" "$TMP/m/abs"
ln -s ../outside/secret.txt "$TMP/m/rel"
ln -s "$OUTS" "$TMP/m/dirlink"
ln -s ../../outside/d "$TMP/m/sub/updir"
state() { (cd "$TMP" && find outside r -printf '%p %y %m %s %l\n' | LC_ALL=C sort && find outside r -type f -exec sha256sum {} + | LC_ALL=C sort); }
BEFORE=$(state)
# attack NAME SCRIPT [ACS OPTIONS]: the script in a box with the mounts;
# then the host checks (the script's own checks go in EXPECT, a command).
expected() { eval "$EXPECT"; }
attack() {
  local name=$1 script=$2
  shift 2
  run_acs box --timeout-ms 60000 -v "$TMP/m:/app" -v "$TMP/r:/ro:ro" "$@" -c "$script"
  check "$name" all expected -- [ "$(state)" = "$BEFORE" ] -- not_has "$OUT$ERR" "$SECRET" \
    -- not_has "$OUT$ERR" "$TMP/m" -- not_has "$OUT$ERR" "$TMP/r"
}

EXPECT=true
attack "read through planted links and .. with sh and the commands: nothing of the host" \
  "cat /app/abs /app/rel /app/dirlink/secret.txt /app/sub/updir/../secret.txt /app/../../outside/secret.txt; \
   cat /proc/self/root/app/abs; grep -r . /app 2>/dev/null; find /app -follow 2>/dev/null | wc -l; \
   cp -rL /app /tmp/copy 2>/dev/null; cat /tmp/copy/* 2>/dev/null; tar -chf - /app 2>/dev/null | tar -xOf - 2>/dev/null; echo done"
EXPECT='has "$OUT" ENOENT'
attack "read through planted links with node: ENOENT, never the host file" \
  "node -e '
const fs = require(\"fs\");
for (const p of [\"/app/abs\", \"/app/rel\", \"/app/dirlink/secret.txt\", \"/app/sub/updir/x\", \"/app/../outside/secret.txt\"])
  try { console.log(fs.readFileSync(p, \"utf8\")); } catch (e) { console.log(p, e.code); }
console.log(fs.realpathSync(\"/app/sub\"), fs.readlinkSync(\"/app/abs\") === \"'"$OUTS"'/secret.txt\" ? \"text-only\" : \"?\");'"
EXPECT='has "$OUT" "FileNotFoundError"'
attack "read through planted links with python3 (WASI): FileNotFoundError" \
  "python3 -c '
for p in [\"/app/abs\", \"/app/rel\", \"/app/dirlink/secret.txt\", \"/app/../outside/secret.txt\"]:
    try: print(open(p).read())
    except OSError as e: print(p, type(e).__name__)'"

EXPECT='true'
attack "write through planted links (sh, cp, tee, sed -i, node, python3): lands in the box, never outside" \
  "echo pwn > /app/dirlink/new; echo pwn > /app/abs; cp /etc/hostname /app/dirlink/ ; echo pwn | tee /app/sub/updir/t; \
   sed -i s/a/b/ /app/abs; node -e 'try { require(\"fs\").writeFileSync(\"/app/dirlink/n\", \"pwn\") } catch (e) {}'; \
   python3 -c 'open(\"/app/dirlink/p\", \"w\").write(\"pwn\")' 2>/dev/null; mkdir -p /app/dirlink/made; echo done"
mkdir -p "$TMP/evil"
(cd "$TMP/evil" && mkdir -p a && echo pwn > a/f && tar --absolute-names -cf "$TMP/evil.tar" a/f "$TMP/evil/a/f" 2>/dev/null)
python3 - "$TMP/evil2.tar" <<'EOF'
import io, sys, tarfile
with tarfile.open(sys.argv[1], "w") as t:
    for name in ["../../outside/pwn", "../outside/pwn2", "dirlink/pwn3"]:
        data = b"pwn"
        i = tarfile.TarInfo(name); i.size = len(data); t.addfile(i, io.BytesIO(data))
    l = tarfile.TarInfo("esc"); l.type = tarfile.SYMTYPE; l.linkname = "../outside"; t.addfile(l)
    i = tarfile.TarInfo("esc/pwn4"); i.size = 3; t.addfile(i, io.BytesIO(b"pwn"))
EOF
attack "tar -x of entries with ../, links out and files through them into a mount: nothing outside" \
  "cd /app && tar -xf /tmp/e.tar 2>/dev/null; ls /app | sort; echo done" --copy "$TMP/evil2.tar:/tmp/e.tar"
EXPECT='has "$ERR" "Operation not permitted"'
attack "links made in the box that point out of the mount are refused (sh, node, python3)" \
  "ln -s $OUTS /app/l1; ln -s ../outside /app/l2; ln -s /etc /app/l3; \
   node -e 'try { require(\"fs\").symlinkSync(\"../../x\", \"/app/l4\") } catch (e) { console.error(e.code) }'; \
   python3 -c 'import os
try: os.symlink(\"/\", \"/app/l5\")
except OSError as e: print(type(e).__name__)'; ls /app"
check "... and none of them exists on the host" all [ ! -e "$TMP/m/l1" ] -- [ ! -L "$TMP/m/l2" ] -- [ ! -L "$TMP/m/l3" ] -- [ ! -L "$TMP/m/l4" ] -- [ ! -L "$TMP/m/l5" ]

# a host process swaps a directory of the mount for a link to the outside
# while the box writes into it, again and again
(
  for _ in $(seq 2000); do
    rm -rf "$TMP/m/swap" 2>/dev/null; mkdir -p "$TMP/m/swap"
    rm -rf "$TMP/m/swap" 2>/dev/null; ln -sfn "$OUTS/d" "$TMP/m/swap" 2>/dev/null
  done
) &
SWAPPER=$!
EXPECT='true'
attack "a directory swapped for a link to the outside while the box writes there: never outside" \
  "for i in \$(seq 300); do echo pwn > /app/swap/f\$i 2>/dev/null; mkdir /app/swap/d\$i 2>/dev/null; done; \
   node -e 'for (let i = 0; i < 300; i++) try { require(\"fs\").writeFileSync(\"/app/swap/n\" + i, \"pwn\") } catch (e) {}'; echo done"
kill $SWAPPER 2>/dev/null; wait $SWAPPER 2>/dev/null
rm -rf "$TMP/m/swap"

EXPECT='true'
attack "setuid and setgid bits are never set on a host file (chmod, node, python3)" \
  "echo x > /app/s1 && chmod 4755 /app/s1; echo x > /app/s2 && chmod u+s,g+s /app/s2; \
   node -e 'require(\"fs\").writeFileSync(\"/app/s3\", \"x\"); require(\"fs\").chmodSync(\"/app/s3\", 0o6777)'; \
   python3 -c 'import os; open(\"/app/s4\", \"w\"); os.chmod(\"/app/s4\", 0o6755)'; mkdir /app/sd && chmod 2775 /app/sd; stat -c %a /app/s1"
check "... the host files have no s bit" \
  all [ -z "$(find "$TMP/m" -perm /6000)" ] -- [ "$(stat -c %a "$TMP/m/s1")" = 755 ] -- [ "$(stat -c %a "$TMP/m/s3")" = 777 ]
EXPECT='has "$OUT" "EPERM"'
attack "chown in a mount to another owner: EPERM through every program, the host owner unchanged" \
  "chown 1000:1000 /app/s1; chgrp agent /app/s1; node -e 'try { require(\"fs\").chownSync(\"/app/s1\", 1000, 1000) } catch (e) { console.log(e.code) }'; \
   python3 -c 'import os
try: os.chown(\"/app/s1\", 1000, 1000)
except OSError as e: print(type(e).__name__)'"
check "... host owner kept" [ "$(stat -c %u "$TMP/m/s1")" = "$(id -u)" ]
EXPECT='has "$ERR" "Operation not permitted"'
attack "no fifo or device is made in a mount" "mkfifo /app/ff; ls /app | grep -c ff"
check "... none on the host" [ ! -e "$TMP/m/ff" ]

EXPECT='has "$ERR" "No space left on device"'
attack "filling the host's disk through a mount stops at the box's limit (sh, node, python3)" \
  "head -c 9000000 /dev/zero > /app/big1; node -e 'try { require(\"fs\").writeFileSync(\"/app/big2\", Buffer.alloc(9000000)) } catch (e) { console.log(e.code) }'; \
   python3 -c 'open(\"/app/big3\", \"wb\").write(bytes(9000000))' 2>&1 | tail -1; ls -l /app | wc -l" --fs-mb 4
total=$(du -cb "$TMP"/m/big* 2>/dev/null | tail -1 | cut -f1)
check "... the host holds at most the limit" [ "${total:-0}" -le 4194304 ]
rm -f "$TMP"/m/big*

EXPECT='has "$OUT" "opened"'
attack "opening thousands of mount files: a clean error past the box's cap, the box goes on" \
  "python3 -c '
fs = []
try:
    for i in range(2000): fs.append(open(\"/ro/f\"))
except OSError as e: print(\"stopped\", type(e).__name__)
print(\"opened\", len(fs) > 100)'; cat /ro/f"
EXPECT='has "$ERR" "Device or resource busy"'
attack "the mount point cannot be removed or moved" "rmdir /app; mv /app /tmp/x; mv /ro /tmp/y; ls -d /app /ro"

# /proc shows no host path of a mount
EXPECT='has "$OUT" "/app/sub"'
attack "/proc/self/fd and /proc/self/cwd of a mount file name box paths" \
  "cd /app/sub && exec 3< /ro/f && readlink /proc/self/cwd /proc/self/fd/3; cat /proc/self/fd/3; ls -l /proc/self/fd/ | grep -c -- '->'"
