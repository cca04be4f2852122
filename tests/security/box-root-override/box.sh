# as root, Linux's override: modes do not stop reading or writing, but a
# file with no execute bit at all does not run, and a directory with no
# bits is still entered
cd /tmp; echo s > f; chmod 000 f; cat f && echo read-000-ok; echo x >> f && echo write-000-ok
printf '#!/bin/sh\necho RAN\n' > s; chmod 644 s; ./s 2>/dev/null; echo "exec-644 $?"; chmod 100 s; ./s 2>/dev/null | grep -q RAN && echo exec-100-ok
mkdir d; echo k > d/k; chmod 000 d; ls d && cat d/k && echo dir-000-ok; echo done
