# device files a host would have are not in the box; the box's own behave
for d in /dev/mem /dev/kmem /dev/port /dev/sda /dev/vda /dev/kmsg /dev/shm/x /dev/tcp; do
  head -c 1 "$d" >/dev/null 2>&1 && echo "OPENED $d"
done
echo x > /dev/full 2>&1; echo "full $?"; head -c 4 /dev/zero | od -An -tx1; head -c 8 /dev/urandom | wc -c
ls /dev; echo done
