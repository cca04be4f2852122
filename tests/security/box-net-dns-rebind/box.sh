# allowed names that resolve to loopback, private or metadata addresses:
# the address actually dialled is checked, only 127.0.0.1:$PA passes
for u in http://allowed.test:$PB/ http://rebind.test:$PB/ http://private.test/ http://meta.test/latest/meta-data/; do
  curl -s -m 3 "$u" | grep -q TRAPPED && echo "REACHED $u"; curl -s -m 3 -o /dev/null -w '%{http_code}' "$u" | grep -qv '^000$' && echo "ANSWERED $u"
  wget -q -T 3 -O - "$u" 2>/dev/null | grep -q . && echo "REACHED-wget $u"
done
curl -s -m 3 http://allowed.test:$PA/ok; echo; echo done
