# renames at the edges: a directory into itself, the root, /proc and the
# mounts moved, across mounts; each is refused as Linux refuses it, or
# (across mounts) copied by mv, and nothing lands outside
mkdir -p /tmp/a/b /work/w
mv /tmp/a /tmp/a/b/c 2>&1 | grep -q 'cannot move' && echo into-itself-refused
mv / /tmp/root 2>/dev/null || echo root-stays; mv /proc /tmp/p 2>/dev/null || echo proc-stays
mv /work /tmp/w2 2>/dev/null || echo mount-stays; mv /ro /tmp/r2 2>/dev/null || echo ro-stays
mv /tmp/a /work/a && [ -d /work/a/b ] && echo across-copied; mv /work/a /ro/a 2>/dev/null || echo into-ro-refused
mv /work/w /work/.. 2>/dev/null; mv /work/w /work/../../outside 2>/dev/null; [ -d /work/w ] || [ -d /outside ] && echo moved-in-box
mv /ro/data.txt /work/ 2>/dev/null; [ -e /ro/data.txt ] && echo ro-source-kept; ls /work; echo done
