# what a program can learn of the host's network: interfaces, addresses,
# routes, DNS servers, open sockets; everything goes to /work/out.txt and
# the host checks that none of its own addresses is in it
{ hostname; hostname -I; hostname -i; cat /etc/hosts /etc/resolv.conf /proc/net/tcp /proc/net/unix /proc/net/route /proc/net/dev /sys/class/net/*/address
  ip addr; ifconfig; ss -tan; netstat -tan; cat /proc/self/net/tcp; getent hosts "$(hostname)"; } > /work/out.txt 2>&1; echo done
