# descriptors until the box's table is full: a clean EMFILE, then every
# one closed and the box opens files again
i=0
while [ $i -lt 1200 ]; do
  eval "exec $((i + 10))</etc/passwd" 2>/dev/null || break
  i=$((i + 1))
done
[ $i -lt 1200 ] && echo "table full after $i"
j=0; while [ $j -lt $i ]; do eval "exec $((j + 10))<&-"; j=$((j + 1)); done
cat /etc/hostname >/dev/null && echo "reopen ok"
( for k in $(seq 600); do exec {p}< <(true) || break; done 2>/dev/null; echo "pipes refused cleanly" )
echo done
