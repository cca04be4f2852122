# filling the box's filesystem: ENOSPC for the writer, the box goes on
yes > /tmp/f; echo "yes $?"
dd if=/dev/zero of=/tmp/g bs=1M count=100 2>/dev/null; echo "dd $?"
truncate -s 10G /tmp/sparse; echo "truncate $?"; cat /tmp/sparse > /tmp/dense 2>/dev/null; echo "dense $?"
i=0; while [ $i -lt 200000 ]; do : > /tmp/n$i 2>/dev/null || break; i=$((i+1)); done; echo "files stopped"
rm -f /tmp/*; echo ok > /tmp/after && cat /tmp/after
