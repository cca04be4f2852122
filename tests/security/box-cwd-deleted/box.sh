# a working directory removed under the process: relative work fails with
# ENOENT as on Linux, pwd still answers, nothing lands elsewhere; ls lists
# nothing and succeeds, as Linux's (glibc takes the ENOENT of the removed
# directory's read for its end)
mkdir -p /tmp/d/sub && cd /tmp/d/sub && rmdir /tmp/d/sub
touch x 2>/dev/null && echo CREATED; [ -n "$(ls -A 2>&1)" ] && echo LISTED; ls >/dev/null 2>&1; echo "ls $?"
echo "pwd $(pwd)"; /bin/pwd 2>/dev/null; echo "bin-pwd $?"
cd .. 2>/dev/null; echo "cd-up $?"; cd /; ls /tmp/d; echo done
