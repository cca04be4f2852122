# /proc's links lead into the box: /proc/self/root, /proc/1/root, cwd, exe
# and fd links never reach a host path
for p in /proc/self/root$HOSTROOT/secret.txt /proc/1/root$HOSTROOT/secret.txt /proc/self/cwd/../secret.txt /proc/self/root/../../secret.txt; do
  cat "$p" 2>/dev/null && echo "READ $p"
done
exec 3</work; cat /proc/self/fd/3/../secret.txt 2>/dev/null && echo READ-fd; cat /dev/fd/3/../secret.txt 2>/dev/null && echo READ-devfd
readlink /proc/self/exe /proc/self/root /proc/1/cwd
ls /proc | grep -E '^[0-9]{4,}$' && echo HOST-PIDS
cat /proc/self/mounts /proc/mounts 2>/dev/null | grep -F "$HOSTROOT" && echo HOST-PATH-SHOWN
echo done
