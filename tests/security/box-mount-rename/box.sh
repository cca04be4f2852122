# the mount points themselves cannot be moved or removed; files move across
# mounts by copy, never by a host rename that could land elsewhere
mv /work /w2 2>&1; rmdir /work 2>&1; mv /ro /r2 2>&1; rm -rf /ro 2>/dev/null; echo x > /work/f; mv /work/f /tmp/f && cat /tmp/f
mv /tmp/f /ro/f 2>&1; mv /ro/data.txt /tmp/ 2>&1; ls /ro; ls -d /work /ro; echo done
