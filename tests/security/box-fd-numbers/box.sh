# descriptor numbers at and past the limits: refused with EBADF (or the
# shell's words), never another process's or the host's
exec 1023>/tmp/a 2>/dev/null && echo "1023 ok"; exec 1024>/tmp/b 2>/dev/null && echo OPENED-1024
exec 99999>/tmp/c 2>/dev/null && echo OPENED-99999; exec 2147483647>/tmp/d 2>/dev/null && echo OPENED-MAX
echo x >&2147483648 2>/dev/null && echo WROTE-HUGE
cat <&1023; echo hi >&1023; cat /tmp/a; echo done
