# archives unpacked into the read-only mount, by every tool that unpacks:
# each fails, /ro stays as it was
cd /tmp && mkdir -p src && echo payload > src/p.txt && tar -cf a.tar src && tar -czf a.tgz src && zip -qr a.zip src && gzip -k src/p.txt
tar -xf a.tar -C /ro 2>/dev/null; echo "tar $?"; tar -xzf a.tgz -C /ro 2>/dev/null; echo "tgz $?"; (cd /ro && tar -xf /tmp/a.tar 2>/dev/null); echo "tar-cd $?"
unzip -o -q a.zip -d /ro 2>/dev/null; echo "unzip $?"; gunzip -c src/p.txt.gz > /ro/p.txt 2>/dev/null; echo "gunzip $?"
cp -r src /ro/ 2>/dev/null; echo "cp $?"; tar -cf - src | (cd /ro && tar -xf - 2>/dev/null); echo "pipe $?"
ls /ro; echo done
