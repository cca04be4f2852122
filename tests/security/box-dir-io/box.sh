# reads and writes of directories, in memfs and in the mounts: EISDIR as
# on Linux, never the directory's host bytes
exec 2>&1
cat /tmp /work /ro; echo "cat $?"; echo x > /tmp; echo "write $?"; head -c 10 /work; echo "head $?"
exec 3</work; read -r l <&3; echo "read $?"; exec 3<&-; echo x >> /ro 2>/dev/null; echo "append-ro $?"; echo done
