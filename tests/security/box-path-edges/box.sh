# path spellings at POSIX's edges, compared with what Linux answers: a
# trailing slash on a file, an empty path, dots, many slashes
exec 2>&1
cat /etc/hostname/ >/dev/null; echo "file/ $?"; cat /etc/hostname/. >/dev/null; echo "file/. $?"; cat "" ; echo "empty $?"
ls -d //etc ///etc/ /./etc/./ /etc/../etc >/dev/null && echo slashes-ok; touch /tmp/f; mkdir /tmp/f/ 2>/dev/null; echo "mkdir-file/ $?"
mkdir /tmp/d/ && rmdir /tmp/d/ && echo dir-slash-ok; ln -s /tmp/nowhere /tmp/dang; touch /tmp/dang/ 2>/dev/null; echo "dangling/ $?"
mv /tmp/f /tmp/g/ 2>/dev/null; echo "mv-to-slash $?"; echo done
