# a million empty files from the shell (an 8 MB filesystem holds ~30 000): ENOSPC stops them, the box goes on
mkdir /tmp/m; cd /tmp/m; n=0
while [ $n -lt 1000000 ]; do : > $n 2>/dev/null || break; n=$((n+1)); done
[ $n -ge 1000 ] && echo "made many"; echo "stopped at limit or ENOSPC"
cd /; rm -rf /tmp/m; echo ok > /tmp/after; echo "$(cat /tmp/after) done"
