# a box server on the host trap's port: the box's clients reach the box's
# server, the host's trap sees nothing
node -e "require('http').createServer((q, s) => s.end('BOX-SERVER')).listen($PB)" & s=$!
for i in $(seq 100); do curl -s -m 1 http://127.0.0.1:$PB/ && break; sleep 0.05; done; echo
curl -s http://localhost:$PB/; echo; wget -q -O - http://[::1]:$PB/; echo
kill $s; echo done
