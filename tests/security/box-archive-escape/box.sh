cd /work && mkdir x && cd x
tar -xf ../evil.tar 2>&1 | head -3; tar -xPf ../evil.tar 2>/dev/null; unzip -o ../evil.zip 2>&1 | head -3
cat hl 2>/dev/null; cat lnk/tar-through-link.txt 2>/dev/null
echo done
