# links the host left in the mount resolve in the box: they reach the box's
# files of those names, never the host's
cd /work
for l in abs rel dir/secret.txt reldir/secret.txt shadow; do cat "$l" 2>/dev/null && echo "READ $l"; done
echo x > dir/new 2>/dev/null; echo x > reldir/new 2>/dev/null; echo x > abs 2>/dev/null
mkdir -p dir/sub 2>/dev/null; cp /etc/hostname reldir/ 2>/dev/null
find -L . -name secret.txt 2>/dev/null
tar -chf /tmp/t.tar . 2>/dev/null; tar -tvf /tmp/t.tar 2>/dev/null | grep -c secret
echo done
