# as agent: the box's devices stay as they are (root's, in root's /dev)
rm -f /dev/null 2>/dev/null; [ -c /dev/null ] || echo DID-rm
mv /dev/zero /tmp/z 2>/dev/null && echo DID-mv; chmod 600 /dev/null 2>/dev/null && echo DID-chmod
ln -sf /tmp/x /dev/null 2>/dev/null; [ -L /dev/null ] && echo DID-ln; echo x > /dev/newdev 2>/dev/null && echo DID-create
chown agent /dev/tty 2>/dev/null && echo DID-chown; mkfifo /dev/f 2>/dev/null && echo DID-mkfifo; rm -f /dev/stdin 2>/dev/null; [ -L /dev/stdin ] || echo DID-rm-link
echo kept > /dev/null && head -c 3 /dev/zero | wc -c && ls -l /dev/null | cut -c1-10; echo done
