# three processes flooding the kernel with calls while a fourth works: the
# kernel serves them all, the worker finishes and the flood ends with it
for i in 1 2 3; do (while :; do [ -e / ]; : < /etc/hostname; done) & done
n=0; while [ $n -lt 300 ]; do echo $n > /tmp/f; read -r v < /tmp/f; n=$((n+1)); done
ls /etc >/dev/null && echo "worker finished $v"; kill $(jobs -p); wait; echo done
