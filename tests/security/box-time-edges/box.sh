# timestamps at the edges (before 1970, past 2038, the largest a file can
# carry) on box files and mount files: set or refused, listed without a
# crash; the box's clock itself is not the guest's to set
cd /work; for t in @-1 @-2147483649 @2147483648 @253402300799 @9999999999999 '1900-01-01' '2500-12-31 23:59:59'; do
  touch -d "$t" f 2>/dev/null; echo "touch $t $?"; ls -l --full-time f >/dev/null; stat -c %Y f >/dev/null
done
touch -d @67767976233316800 /tmp/g 2>/dev/null; echo "huge $?"; ls -l /tmp/g >/dev/null; echo "ls $?"
date -s '2000-01-01' >/dev/null 2>&1; echo "date-s $?"; [ "$(date +%Y)" -ge 2024 ] && echo clock-kept; echo done
