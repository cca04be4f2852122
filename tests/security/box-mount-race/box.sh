# reads, writes, listings and renames through paths a host process swaps:
# each sees the box's view (inside, or nothing), never the outside dir
touch /work/go; SECONDS=0
while [ $SECONDS -lt 2 ]; do
  cat /work/d/secret.txt /work/l/secret.txt 2>/dev/null; echo x > /work/d/new 2>/dev/null; echo y > /work/l/new2 2>/dev/null
  ls /work/d /work/l 2>/dev/null | grep -q only-outside && echo LISTED-OUTSIDE; mv /work/d/new /work/l/moved 2>/dev/null; rm -f /work/l/moved 2>/dev/null
done | sort | uniq -c | awk '{ print $2 }'
touch /work/stop; echo done
