# host programs in the mount never run as host code, however started: the
# shell says they cannot run (126), and a host file stays out of reach
cd /work
./cat $HOSTROOT/secret.txt; echo "direct $?"; ./id; echo "id $?"; bash ./cat /etc/hostname; echo "bash-file $?"
env ./cat $HOSTROOT/secret.txt; echo "env $?"; nice ./cat $HOSTROOT/secret.txt; echo "nice $?"; timeout 5 ./cat $HOSTROOT/secret.txt; echo "timeout $?"
echo $HOSTROOT/secret.txt | xargs ./cat; echo "xargs $?"; find . -name cat -exec {} $HOSTROOT/secret.txt \; ; echo "find $?"
[ -x dash ] && { ./dash -c 'cat $HOSTROOT/secret.txt'; echo "dash $?"; }
LD_PRELOAD=/work/libc.so.6 ./libc.so.6; echo "so $?"; (exec ./cat $HOSTROOT/secret.txt); echo "exec $?"
id -u; echo done
