# the host's admin tools are not in the box; what looks like them cannot
# reach the host
for c in mount umount chroot unshare nsenter insmod modprobe reboot shutdown ip iptables sysctl mknod docker setpriv capsh; do
  $c --help >/dev/null 2>&1; echo "$c $?"
done
mount -t proc proc /mnt 2>&1 | head -1; mount --bind / /tmp 2>&1 | head -1
echo done
