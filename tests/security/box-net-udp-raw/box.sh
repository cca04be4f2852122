# UDP and raw paths out: bash's /dev/udp, curl's other schemes; none leaves
# the box (the trap on $PB listens on TCP; UDP has no listener to log)
exec 3<>/dev/udp/127.0.0.1/53 2>/dev/null && echo OPENED-UDP && echo x >&3
exec 4<>/dev/udp/8.8.8.8/53 2>/dev/null && echo OPENED-UDP-PUBLIC
for u in tftp://127.0.0.1/x dict://127.0.0.1:$PB/ gopher://127.0.0.1:$PB/ telnet://127.0.0.1:$PB ldap://127.0.0.1:$PB/ ftp://127.0.0.1:$PB/ file:///work/../../secret.txt scp://127.0.0.1/x; do
  curl -s -m 3 "$u" 2>/dev/null | grep -q . && echo "ANSWERED $u"
done
echo done
