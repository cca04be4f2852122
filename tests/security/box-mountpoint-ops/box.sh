# the mount points themselves: removed, replaced, chmodded, linked over;
# each is refused (EBUSY, EROFS, EPERM) or stays in the box, and the host
# directories keep their place
rmdir /work 2>/dev/null || echo rmdir-work-refused; rm -rf /ro 2>/dev/null; [ -e /ro/data.txt ] && echo ro-kept
ln -sfn /tmp /work 2>/dev/null; [ -L /work ] && echo WORK-REPLACED; ln -sfn /tmp /ro 2>/dev/null; [ -L /ro ] && echo RO-REPLACED
mkdir -p /tmp/x; mv -T /tmp/x /work 2>/dev/null && echo WORK-MOVED-OVER; mv -T /tmp/x /ro 2>/dev/null && echo RO-MOVED-OVER
chmod 000 /ro 2>/dev/null && echo RO-CHMODDED; touch /ro 2>/dev/null && echo RO-TOUCHED; chown agent /ro 2>/dev/null && echo RO-CHOWNED
echo x > /work/after && cat /work/after; ls /ro; echo done
