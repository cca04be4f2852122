# decompression bombs: a gzip, xz, bzip2 and zip of 1 GiB of zeros expanded
# into a 64 MB filesystem meets ENOSPC; into a pipe, the reader's pace
head -c 1G /dev/zero | gzip -1 > /tmp/z.gz; ls -l /tmp/z.gz | awk '{ print "gz", ($5 < 8000000) }'
zcat /tmp/z.gz > /tmp/out 2>/dev/null; echo "zcat $?"; rm -f /tmp/out
zcat /tmp/z.gz | head -c 100 | wc -c; zcat /tmp/z.gz | wc -c
tar -xzf /tmp/z.gz -C /tmp 2>/dev/null; echo "tar $?"
head -c 300M /dev/zero | xz -0 > /tmp/z.xz && xzcat /tmp/z.xz > /tmp/out 2>/dev/null; echo "xz $?"; rm -f /tmp/out
df /tmp | tail -1 | awk '{ print "full", ($5 == "100%") }'; rm -f /tmp/*; echo ok > /tmp/after; cat /tmp/after; echo done
