# host programs and a host library copied into the mount, executable
cp /bin/cat /usr/bin/id /bin/dash "$W/" 2>/dev/null || cp /bin/cat /usr/bin/id "$W/"
cp "$(ldd /bin/cat | awk '/libc\.so/ { print $3 }')" "$W/libc.so.6"
chmod +x "$W/cat" "$W/id" "$W/libc.so.6"
