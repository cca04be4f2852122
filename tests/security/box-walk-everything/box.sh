# walking the whole box (through /proc, /dev and the mounts) with the tools
# that recurse: they end, show no host path, and read no endless device
timeout 60 find / -xdev -name nothing-like-this 2>/dev/null; echo "find $?"
timeout 60 find / -type f -name '*.txt' 2>/dev/null | grep -c . >/dev/null; echo "find-all $?"
timeout 60 du -s / >/dev/null 2>&1; echo "du $?"
timeout 60 grep -r OUTSIDE / >/dev/null 2>&1; echo "grep $?"
timeout 60 ls -laR / >/dev/null 2>&1; echo "ls done"
timeout 60 tar -cf /dev/null --exclude=/proc --exclude=/dev / 2>/dev/null; echo "tar $?"
(find / 2>/dev/null; ls -laR / 2>/dev/null) | grep -F -e /tmp/acs-sec -e /work/main && echo HOST-PATH; echo done
