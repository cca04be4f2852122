# a descriptor opened to read is not a way to write: /proc/self/fd/N and
# /dev/fd/N reopen the file with the file's own permission checks (the
# read-only mount, root's files for agent)
exec 3</ro/data.txt 4</etc/passwd
echo x > /proc/self/fd/3 2>/dev/null && echo WROTE-RO-proc; echo x >> /dev/fd/3 2>/dev/null && echo WROTE-RO-devfd
exec 5<>/proc/self/fd/3 2>/dev/null && echo REOPENED-RW
echo x >> /proc/self/fd/4 2>/dev/null && echo WROTE-PASSWD; echo x >> /dev/stdin 2>/dev/null < /ro/data.txt && echo WROTE-STDIN
cat /proc/self/fd/3; echo done
