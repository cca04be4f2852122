# a host fifo or device in a mount is refused, never opened on the host
cd /work
timeout 5 cat fifo 2>&1; echo "fifo $?"
timeout 5 sh -c 'echo x > fifo' 2>&1; echo "fifo-w $?"
head -c 16 mem 2>&1 | od -c | head -2; echo x > null 2>&1; echo "dev $?"
mknod dev c 1 3 2>&1; mkfifo newfifo 2>&1; echo "made $?"
echo done
