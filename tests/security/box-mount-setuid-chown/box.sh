# what the box does to the mount's files keeps host rules: no setuid or
# setgid bit lands on the host, no chown to another owner
cd /work
cp /bin/sh s && chmod 4755 s; chmod g+s s; mkdir d && chmod 2775 d
chown root s 2>&1; chown 0:0 d 2>&1; chgrp 0 s 2>&1
echo done
