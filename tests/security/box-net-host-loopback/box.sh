# the host's loopback is not the box's: a host server on $PB must see
# nothing, whatever spelling of 127.0.0.1 is dialled
for h in 127.0.0.1 localhost 127.1 2130706433 0x7f000001 0177.0.0.1 '[::1]' '[::ffff:127.0.0.1]' 0.0.0.0 box; do
  curl -s -m 3 "http://$h:$PB/" && echo "REACHED $h"
done
wget -q -T 3 -O - "http://127.0.0.1:$PB/" && echo REACHED-wget
echo done
