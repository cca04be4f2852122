# as agent: root's files, /etc, others' modes and owners, setuid, su/sudo
cat /root/.profile 2>/dev/null && echo READ-ROOT; ls /root 2>/dev/null && echo LISTED-ROOT
echo x >> /etc/passwd 2>/dev/null && echo WROTE-PASSWD; echo x > /etc/new 2>/dev/null && echo WROTE-ETC
rm -f /etc/hostname 2>/dev/null; [ -e /etc/hostname ] || echo REMOVED-ETC
chmod 666 /etc/passwd 2>/dev/null && echo CHMOD; chown agent /etc/passwd 2>/dev/null && echo CHOWN
mv /etc/passwd /tmp/p 2>/dev/null && echo MOVED; ln /etc/passwd /tmp/h 2>/dev/null && echo HARDLINK
su root -c id 2>/dev/null && echo SU; sudo id 2>/dev/null && echo SUDO
cp /bin/sh /tmp/s && chmod u+s /tmp/s && /tmp/s -c 'id -u' | grep -qx 0 && echo SETUID-ROOT
touch -d @0 /etc/passwd 2>/dev/null && echo TIMES
id -u; echo done
