# very deep trees in memfs and in the mount: the commands that walk trees
# by recursion neither crash nor fail, and the box removes them
cd /tmp; i=0; while [ $i -lt 1500 ]; do mkdir d && cd d || break; i=$((i+1)); done; echo x > f; echo "memfs depth $i"
cd /
for c in "cp -r /tmp/d /tmp/e" "cp -a /tmp/d /tmp/a" "chmod -R 755 /tmp/d" "chown -R agent /tmp/d" "du -s /tmp/d" "find /tmp/d -name f" \
         "ls -R /tmp/d" "tree /tmp/d" "grep -r x /tmp/d" "tar -cf /tmp/t.tar -C /tmp d" "rm -rf /tmp/e /tmp/a"; do
  $c >/dev/null 2>&1; echo "status ${c%% *} $?"
done
cd /work; i=0; while [ $i -lt 600 ]; do mkdir d 2>/dev/null && cd d 2>/dev/null || break; i=$((i+1)); done; echo "mount depth stopped"
cd /; rm -rf /tmp/d /work/d; echo "removed $?"; ls /tmp /work | wc -l; echo done
