# with --network (any public host), metadata, private, link-local, CGNAT
# and loopback addresses stay refused, in every spelling
for u in http://169.254.169.254/latest/meta-data/ http://[fd00:ec2::254]/ http://100.100.100.200/ http://10.0.0.1/ http://192.168.1.1/ \
         http://172.16.0.1/ http://100.64.0.1/ http://[::ffff:169.254.169.254]/ http://0xa9fea9fe/ http://2852039166/ http://127.0.0.1:$PB/ \
         http://[::ffff:7f00:1]:$PB/ http://metadata.google.internal/; do
  out=$(curl -s -m 3 "$u" 2>&1); rc=$?
  [ $rc = 0 ] && echo "REACHED $u"
done
echo done
