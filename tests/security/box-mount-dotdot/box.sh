# .. out of the mount at /work lands in the box's /, never the host dir above
for p in /work/../secret.txt /work/../../secret.txt ../secret.txt /work/./../secret.txt /ro/../secret.txt $W/../secret.txt; do
  cat "$p" 2>/dev/null && echo "READ $p"
done
ls /work/.. | grep -q outside && echo LISTED-HOST
cd /work/.. && pwd
echo done
