# a server in the box, on every address, is not on the host's loopback
# unless published (acs box -p): a host loop dials the same port meanwhile
p=$(cat /work/port)
node -e "require('http').createServer((q, r) => r.end('BOX')).listen($p, '0.0.0.0', () => require('fs').writeFileSync('/work/ready', ''))" & s=$!
for i in $(seq 200); do [ -e /work/ready ] && break; sleep 0.05; done
echo "box reaches its own: $(curl -s -m 2 http://127.0.0.1:$p/)"
for i in $(seq 200); do [ -e /work/tried ] && break; sleep 0.05; done; sleep 0.5
touch /work/stop; kill $s; echo done
