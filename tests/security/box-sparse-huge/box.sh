# sizes and offsets at the edges: a file of 2^62 bytes, a write at 1 TiB
# and at 2^63-1, dd seeks past the limit; each is an error or a sparse file
# that costs no memory, and the box goes on
truncate -s 4611686018427387904 /tmp/a 2>/dev/null; echo "truncate-2^62 $?"
truncate -s 9223372036854775807 /tmp/b 2>/dev/null; echo "truncate-max $?"
truncate -s 1T /tmp/c; echo "truncate-1T $?"; ls -l /tmp/c | awk '{ print "size", $5 }'; du -k /tmp/c | awk '{ print "du", ($1 < 100) }'
echo x | dd of=/tmp/d bs=1 seek=1099511627776 2>/dev/null; echo "dd-1T $?"
echo x | dd of=/tmp/e bs=1 seek=9223372036854775806 2>/dev/null; echo "dd-max $?"
tail -c 2 /tmp/d; head -c 10 /tmp/c | od -An -c | tr -d ' \n'; echo
df /tmp | tail -1 | awk '{ print "used", ($3 < 10000) }'; rm -f /tmp/?; echo done
