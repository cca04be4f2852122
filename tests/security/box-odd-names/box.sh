# names with newlines, tabs, control bytes, invalid UTF-8, leading dashes
# and 255 bytes, made in the mount and in memfs: listed, copied, removed by
# the commands; on the host they land in the work dir only
cd /work; for n in $'new\nline' $'tab\there' $'\x01ctl' $'\xff\xfe' '-rf' '--help' ' lead' 'trail ' '*' '?' '\' "$(printf 'n%.0s' $(seq 255))"; do
  echo x > "./$n" || echo "FAILED $n"; cp -- "$n" "/tmp/$n" || echo "CP-FAILED"
done
ls | wc -l; ls -b | grep -c 'new\\nline'; find . -name '*line' | wc -l; du -a . >/dev/null; tar -cf /tmp/t.tar . && tar -tf /tmp/t.tar | wc -l
rm -f -- ./* ./-rf ./--help; ls -A | grep -v '^box' | wc -l; rm -f /tmp/*; echo done
