# bash's /dev/tcp to the host's loopback: the box's own loopback or nothing
exec 3<>/dev/tcp/127.0.0.1/$PB 2>/dev/null && { echo "GET / HTTP/1.0" >&3; echo >&3; cat <&3 | head -3; echo OPENED; }
cat /dev/tcp/localhost/$PB 2>/dev/null && echo OPENED-2
echo done
